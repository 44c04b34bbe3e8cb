/** @file ViewerTestSupport.h
 *  Running `assimp view` in tests: the server as a child process, raw HTTP requests (so that a
 *  ".." reaches the server as written), headless Chromium, and the page's agf-status.
 */
#pragma once

#include "ChildProcess.h"

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace agf::test {

/** `assimp view <path> --port 0` as a child process; stopped as by Ctrl-C when destroyed. */
class ViewerServerProcess {
public:
    explicit ViewerServerProcess(const std::filesystem::path &servedPath,
                                 const std::filesystem::path &logDir);
    ~ViewerServerProcess();
    ViewerServerProcess(const ViewerServerProcess &) = delete;
    ViewerServerProcess &operator=(const ViewerServerProcess &) = delete;

    /** The port it listens on; 0 when it did not start (see log()). */
    int port() const { return mPort; }
    long pid() const { return mProcess != nullptr ? mProcess->id() : -1; }
    std::string url(const std::string &pathAndQuery) const;
    std::string log() const;

    /** Returned by Stop when Ctrl-C could not be sent (ChildProcess::Interrupt). */
    static constexpr int kNotInterrupted = -2;

    /** Sends what Ctrl-C sends and waits (at most 10 s); returns the exit code, -1 when it had
     *  to be killed or died of a signal, kNotInterrupted when it could not be sent (the server
     *  is killed then). */
    int Stop();

private:
    std::unique_ptr<agf::cli::ChildProcess> mProcess;
    int mPort = 0;
    std::filesystem::path mLogFile;
};

/** The status code of `<method> <target>` sent as written, or -1 when nothing answered. */
int HttpStatus(int port, const std::string &target, const std::string &host = "",
               const std::string &method = "GET");

/** The path of the chromium program, or "" when it is not on the PATH. */
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

/** Whether process `pid` listens on 127.0.0.1:`port` and on no other address or port; nothing
 *  where the system does not show a process's sockets to the test (it reads Linux's /proc). */
std::optional<bool> ListensOnLoopbackOnly(long pid, int port);

} // namespace agf::test
