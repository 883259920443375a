#ifndef HOOKE_CSDL2_SHIM_H
#define HOOKE_CSDL2_SHIM_H
#define SDL_MAIN_HANDLED 1
#include <stdio.h>
#include <SDL2/SDL.h>
#include <SDL2/SDL_ttf.h>
#include <SDL2/SDL_image.h>

/* Swift 6 cannot touch glibc's `stdout` global; the event log needs it line-buffered. */
static inline void hooke_line_buffer_stdout(void) { setvbuf(stdout, NULL, _IOLBF, 0); }
/* The same for standard error, which Swift 6 also refuses to touch. */
static inline void hooke_write_stderr(const char *line) { fputs(line, stderr); fflush(stderr); }
#endif
