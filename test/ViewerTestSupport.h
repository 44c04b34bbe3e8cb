/** @file ViewerTestSupport.h
 *  Running `assimp view` in tests: the server as a child process, raw HTTP requests (so that a
 *  ".." reaches the server as written), headless Chromium, and the page's agf-status.
 */
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace agf::test {

/** `assimp view <path> --port 0` as a child process; stopped with SIGINT when destroyed. */
class ViewerServerProcess {
public:
    explicit ViewerServerProcess(const std::filesystem::path &servedPath,
                                 const std::filesystem::path &logDir);
    ~ViewerServerProcess();
    ViewerServerProcess(const ViewerServerProcess &) = delete;
    ViewerServerProcess &operator=(const ViewerServerProcess &) = delete;

    /** The port it listens on; 0 when it did not start (see log()). */
    int port() const { return mPort; }
    pid_t pid() const { return mPid; }
    std::string url(const std::string &pathAndQuery) const;
    std::string log() const;

    /** Sends SIGINT and waits (at most 10 s); returns the exit code, -1 when it had to be
     *  killed or died of a signal. */
    int Stop();

private:
    pid_t mPid = -1;
    int mPort = 0;
    std::filesystem::path mLogFile;
};

/** The status code of `<method> <target>` sent as written, or -1 when nothing answered. */
int HttpStatus(int port, const std::string &target, const std::string &host = "",
               const std::string &method = "GET");

/** The path of the chromium program, or "" when it is not installed. */
std::string FindChromium();

/** What one headless Chromium run saw. */
struct PageResult {
    std::string dom;                           ///< --dump-dom
    std::filesystem::path screenshot;          ///< --screenshot
    std::string status;                        ///< the text of <pre id="agf-status">, unescaped
    std::map<std::string, std::string> fields; ///< top-level scalar members of status
};

/** Opens `url` in headless Chromium (WebGL on SwiftShader), dumps the DOM and takes a
 *  screenshot into `dir`. */
PageResult OpenPage(const std::string &chromium, const std::string &url,
                    const std::filesystem::path &dir, const std::string &name);

/** The share of pixels of a PNG that differ from `background` (0xRRGGBB); -1 when it cannot
 *  be read. `corner` gets whether the top-left pixel is the background. */
double NonBackgroundShare(const std::filesystem::path &png, unsigned int background, bool &corner);

/** The counts `assimp info -r` prints ("Meshes", "Bones", "Animations") and the P3D imported
 *  LOD count ("0" for other files), for a model with optional --anim files. */
std::map<std::string, std::string> InfoCounts(const std::filesystem::path &model,
                                              const std::vector<std::filesystem::path> &anims,
                                              const std::filesystem::path &dir);

/** True when process `pid` listens on 127.0.0.1:`port` and on no other address or port. */
bool ListensOnLoopbackOnly(pid_t pid, int port);

} // namespace agf::test
