#!/usr/bin/env bash
# Installs the system packages Hooke needs, only when they are missing.
#   scripts/install-deps.sh          what scripts/run needs: SDL2, SDL2_ttf, SDL2_image, the DejaVu font
#   scripts/install-deps.sh --test   also what scripts/test needs: Xvfb, xdotool and xclip
set -euo pipefail

want_test=0
[ "${1:-}" = "--test" ] && want_test=1

font=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
missing=()
if ! command -v pkg-config >/dev/null 2>&1; then
  missing+=(pkg-config libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev)
else
  pkg-config --exists sdl2 || missing+=(libsdl2-dev)
  pkg-config --exists SDL2_ttf || missing+=(libsdl2-ttf-dev)
  pkg-config --exists SDL2_image || missing+=(libsdl2-image-dev)
fi
[ -f "$font" ] || missing+=(fonts-dejavu-core)
if [ "$want_test" = 1 ]; then
  command -v xvfb-run >/dev/null 2>&1 || missing+=(xvfb xauth)
  command -v xdotool >/dev/null 2>&1 || missing+=(xdotool)
  command -v xclip >/dev/null 2>&1 || missing+=(xclip)
fi

[ ${#missing[@]} -eq 0 ] && exit 0

echo "hooke: installing missing system packages: ${missing[*]}"
if ! command -v apt-get >/dev/null 2>&1; then
  cat >&2 <<MSG
hooke: apt-get is not available, so the packages cannot be installed for you.
Install these with your system's package manager, then run the command again:
  SDL2, SDL2_ttf and SDL2_image development files (Debian: ${missing[*]}),
  the DejaVu Sans font, and for the tests Xvfb (xvfb-run), xdotool and xclip.
MSG
  exit 1
fi

sudo=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    sudo=(sudo)
  else
    echo "hooke: not root and sudo is missing; as root run: apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi

export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -q
# The install is retried: on Debian images whose apt hook deletes downloaded .debs after each dpkg run,
# an upgrade that calls dpkg more than once fails the first time and succeeds when run again.
for attempt in 1 2 3; do
  if "${sudo[@]}" apt-get install -y -q "${missing[@]}"; then
    exit 0
  fi
  echo "hooke: apt-get install failed (attempt $attempt of 3); retrying" >&2
  sleep 2
done
echo "hooke: could not install ${missing[*]}; install them by hand with: apt-get install -y ${missing[*]}" >&2
exit 1
