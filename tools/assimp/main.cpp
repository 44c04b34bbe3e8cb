// Temporary entry point; replaced by the full CLI.
#include <assimp_gameformats/GameFormats.h>
#include <cstdio>
int main() {
    std::printf("assimp-gameformats %s\n", agf::Version());
    return 0;
}
