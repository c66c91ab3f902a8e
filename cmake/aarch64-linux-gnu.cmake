# Cross-build for 64-bit ARM with Debian's gcc-aarch64-linux-gnu; tests run
# under qemu-user (`make test-aarch64`, scripts/deps-aarch64.sh installs
# both and cmocka for arm64). Off x86 the fast paths build their portable
# code only (vector extensions lowered to NEON), which is what this checks.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu /usr/lib/aarch64-linux-gnu)
set(CMAKE_LIBRARY_PATH /usr/lib/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64 -L /usr/aarch64-linux-gnu)
# pkg-config reads the arm64 packages' files only: the host's would hand
# x86-64 libraries (cairo, cJSON, libzip, ...) to the arm64 link. The
# optional parts (pictures, server, spreadsheet formats) are then built
# only where their arm64 packages are installed, as on a native build.
set(ENV{PKG_CONFIG_LIBDIR} /usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig)
set(ENV{PKG_CONFIG_PATH} "")
