print("hooke")
