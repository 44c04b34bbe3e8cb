/** @file ViewerTestSupport.cpp */
#include "ViewerTestSupport.h"

#include "ImageDecoding.h"

#include "TestSupport.h"

#if defined(_WIN32)
#include <winsock2.h>
#else
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>
#endif

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>

namespace agf::test {

namespace fs = std::filesystem;

namespace {

// Generous: under the sanitizers the server starts and converts several times slower.
const auto kStartTimeout = std::chrono::seconds(60);
const auto kStopTimeout = std::chrono::seconds(10);

// "...at http://127.0.0.1:PORT/..." in the server's first line.
int PortFromLog(const std::string &log) {
    const std::string marker = "http://127.0.0.1:";
    const size_t at = log.find(marker);
    return at == std::string::npos ? 0 : std::atoi(log.c_str() + at + marker.size());
}

std::string Unescape(const std::string &html) {
    const std::pair<const char *, const char *> entities[] = {
        {"&quot;", "\""}, {"&#39;", "'"}, {"&lt;", "<"}, {"&gt;", ">"}, {"&amp;", "&"}};
    std::string text = html;
    for (const auto &[entity, character] : entities) {
        for (size_t at = text.find(entity); at != std::string::npos;
             at = text.find(entity, at + 1)) {
            text.replace(at, std::string(entity).size(), character);
        }
    }
    return text;
}

// The index of the quote that closes the JSON string opening at `start` (npos when none).
size_t StringEnd(const std::string &json, size_t start) {
    for (size_t i = start + 1; i < json.size(); ++i) {
        if (json[i] == '\\') {
            ++i;
        } else if (json[i] == '"') {
            return i;
        }
    }
    return std::string::npos;
}

// The scalar members of a JSON object's top level, values as written (strings unquoted,
// escapes kept). Nested objects and arrays are skipped.
std::map<std::string, std::string> TopLevelFields(const std::string &json) {
    std::map<std::string, std::string> fields;
    int depth = 0;
    bool expectKey = false;
    for (size_t i = 0; i < json.size(); ++i) {
        const char c = json[i];
        if (c == '{' || c == '[') {
            ++depth;
            expectKey = depth == 1 && c == '{';
            continue;
        }
        if (c == '}' || c == ']' || c == ',') {
            depth -= c == ',' ? 0 : 1;
            expectKey = c == ',' && depth == 1;
            continue;
        }
        if (c != '"') {
            continue;
        }
        const size_t end = StringEnd(json, i);
        if (end == std::string::npos) {
            break;
        }
        const std::string text = json.substr(i + 1, end - i - 1);
        i = end;
        if (depth != 1 || !expectKey || json.compare(end + 1, 1, ":") != 0 ||
            end + 2 >= json.size()) {
            continue;
        }
        expectKey = false;
        const size_t value = end + 2;
        if (json[value] == '"') {
            const size_t close = StringEnd(json, value);
            fields[text] = json.substr(value + 1, close - value - 1);
            i = close;
        } else if (json[value] != '{' && json[value] != '[') {
            const size_t stop = json.find_first_of(",}", value);
            fields[text] = json.substr(value, stop - value);
            i = stop - 1;
        } else {
            i = value - 1;
        }
    }
    return fields;
}

std::string InfoValue(const std::string &output, const std::string &label) {
    std::istringstream lines(output);
    for (std::string line; std::getline(lines, line);) {
        const size_t at = line.find(label);
        if (at != std::string::npos) {
            const size_t start = line.find_first_not_of(' ', at + label.size());
            return start == std::string::npos ? "" : line.substr(start);
        }
    }
    return "";
}

/** True for a PNG whose every pixel is black; false when it cannot be read. */
bool IsAllBlack(const fs::path &png) {
    const DecodedImage image = DecodeImageFile(png);
    if (image.width == 0) {
        return false;
    }
    for (size_t i = 0; i + 3 < image.rgba.size(); i += 4) {
        if (image.rgba[i] != 0 || image.rgba[i + 1] != 0 || image.rgba[i + 2] != 0) {
            return false;
        }
    }
    return true;
}

/** Chromium with the DOM on stdout into `html` and its messages into `log`, for at most two
 *  minutes (a Chromium that hangs must not hold the test). */
void RunChromium(const std::string &chromium, const std::vector<std::string> &arguments,
                 const fs::path &html, const fs::path &log) {
    agf::cli::ChildOptions streams;
    streams.outputFile = html;
    streams.errorFile = log;
    agf::cli::ChildProcess process(chromium, arguments, streams);
    if (!process.WaitFor(std::chrono::seconds(120))) {
        process.Kill();
    }
    process.Wait();
}

} // namespace

ViewerServerProcess::ViewerServerProcess(const fs::path &servedPath, const fs::path &logDir)
    : mLogFile(logDir / "server.log") {
    agf::cli::ChildOptions streams;
    streams.outputFile = mLogFile;
    streams.errorToOutput = true;
    mProcess = std::make_unique<agf::cli::ChildProcess>(
        AGF_CLI_PATH, std::vector<std::string>{"view", servedPath.string(), "--port", "0"},
        streams);
    const auto deadline = std::chrono::steady_clock::now() + kStartTimeout;
    while (std::chrono::steady_clock::now() < deadline) {
        mPort = PortFromLog(log());
        if (mPort != 0) {
            return;
        }
        if (mProcess->TryWait()) {
            mProcess.reset();
            return;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
}

ViewerServerProcess::~ViewerServerProcess() {
    Stop();
}

std::string ViewerServerProcess::url(const std::string &pathAndQuery) const {
    return "http://127.0.0.1:" + std::to_string(mPort) + pathAndQuery;
}

std::string ViewerServerProcess::log() const {
    return ReadText(mLogFile);
}

int ViewerServerProcess::Stop() {
    if (mProcess == nullptr) {
        return -1;
    }
    const std::unique_ptr<agf::cli::ChildProcess> process = std::move(mProcess);
    if (!process->Interrupt()) {
        process->Kill();
        process->Wait();
        return kNotInterrupted;
    }
    if (!process->WaitFor(kStopTimeout)) {
        process->Kill();
        process->Wait();
        return -1;
    }
    const agf::cli::ChildExit end = process->Wait();
    return end.exited ? end.code : -1;
}

#if defined(_WIN32)
using Socket = SOCKET;
constexpr int kSendFlags = 0;
void CloseSocket(Socket sock) {
    closesocket(sock);
}
#else
using Socket = int;
constexpr Socket INVALID_SOCKET = -1;
constexpr int kSendFlags = MSG_NOSIGNAL;
void CloseSocket(Socket sock) {
    close(sock);
}
#endif

int HttpStatus(int port, const std::string &target, const std::string &host,
               const std::string &method) {
#if defined(_WIN32)
    static const bool started = [] {
        WSADATA data;
        return WSAStartup(MAKEWORD(2, 2), &data) == 0;
    }();
    if (!started) {
        return -1;
    }
#endif
    const Socket sock = socket(AF_INET, SOCK_STREAM, 0);
    if (sock == INVALID_SOCKET) {
        return -1;
    }
#if defined(_WIN32)
    const DWORD timeout = 30000;
#else
    const timeval timeout{30, 0};
#endif
    setsockopt(sock, SOL_SOCKET, SO_RCVTIMEO, reinterpret_cast<const char *>(&timeout),
               sizeof timeout);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    int code = -1;
    if (connect(sock, reinterpret_cast<sockaddr *>(&address), sizeof address) == 0) {
        const std::string request = method + " " + target + " HTTP/1.1\r\nHost: " +
                                    (host.empty() ? "127.0.0.1:" + std::to_string(port) : host) +
                                    "\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
        const int length = static_cast<int>(request.size());
        if (send(sock, request.data(), length, kSendFlags) == length) {
            char reply[64] = {};
            const int got = static_cast<int>(recv(sock, reply, sizeof reply - 1, 0));
            if (got > 12 && std::string(reply, 5) == "HTTP/") {
                code = std::atoi(reply + 9);
            }
        }
    }
    CloseSocket(sock);
    return code;
}

std::string FindChromium() {
    for (const char *name : {"chromium", "chromium-browser"}) {
        const fs::path found = FindProgram(name);
        if (!found.empty()) {
            return found.string();
        }
    }
    return "";
}

PageResult OpenPage(const std::string &chromium, const std::string &url, const fs::path &dir,
                    const std::string &name) {
    PageResult result;
    result.screenshot = dir / (name + ".png");
    const fs::path profile = dir / (name + "-profile");
    fs::remove_all(profile);
    fs::remove(result.screenshot);
    // Without the networking switches Chromium keeps trying Google's servers, which a closed
    // network refuses; SwiftShader gives WebGL without a GPU. No --disable-gpu: with it, one
    // screenshot in four or five came out all black on a loaded machine (none in 20 without).
    // The virtual-time budget is generous because creating a WebGL context and drawing on
    // SwiftShader counts as virtual time (seconds of it on a busy machine); once the page is
    // idle, the rest of the budget passes at once.
    const std::vector<std::string> arguments = {"--headless",
                                                "--no-sandbox",
                                                "--disable-quic",
                                                "--no-first-run",
                                                "--disable-background-networking",
                                                "--disable-component-update",
                                                "--disable-sync",
                                                "--use-angle=swiftshader",
                                                "--enable-unsafe-swiftshader",
                                                "--hide-scrollbars",
                                                "--window-size=640,480",
                                                "--virtual-time-budget=30000",
                                                "--user-data-dir=" + profile.string(),
                                                "--screenshot=" + result.screenshot.string(),
                                                "--dump-dom",
                                                url};
    const fs::path html = dir / (name + ".html");
    const fs::path log = dir / (name + ".log");
    // Even so, a loaded machine (the sanitizer stage, two tests at once) can give an all-black
    // screenshot with the page's status complete. The
    // viewer never draws an all-black frame (its background is grey-blue), so such a frame is
    // Chromium's compositor that has not drawn yet: the page is opened again, at most twice.
    constexpr int kAttempts = 3;
    for (int attempt = 1; attempt <= kAttempts; ++attempt) {
        RunChromium(chromium, arguments, html, log);
        if (attempt == kAttempts || !IsAllBlack(result.screenshot)) {
            break;
        }
        fs::remove_all(profile);
        fs::remove(result.screenshot);
    }
    fs::remove_all(profile);
    result.dom = ReadText(dir / (name + ".html"));
    const size_t element = result.dom.find("id=\"agf-status\"");
    const size_t start = element == std::string::npos ? element : result.dom.find('>', element);
    const size_t end = start == std::string::npos ? start : result.dom.find("</pre>", start);
    if (end != std::string::npos) {
        result.status = Unescape(result.dom.substr(start + 1, end - start - 1));
        result.fields = TopLevelFields(result.status);
    }
    return result;
}

double NonBackgroundShare(const fs::path &png, unsigned int background, bool &corner) {
    const DecodedImage image = DecodeImageFile(png);
    if (image.width == 0) {
        return -1;
    }
    const int wanted[3] = {static_cast<int>(background >> 16),
                           static_cast<int>(background >> 8 & 255),
                           static_cast<int>(background & 255)};
    auto isBackground = [&](const unsigned char *pixel) {
        for (int c = 0; c < 3; ++c) {
            if (std::abs(pixel[c] - wanted[c]) > 12) {
                return false;
            }
        }
        return true;
    };
    corner = isBackground(image.rgba.data());
    size_t different = 0;
    const size_t count = image.rgba.size() / 4;
    for (size_t i = 0; i < count; ++i) {
        different += isBackground(image.rgba.data() + 4 * i) ? 0 : 1;
    }
    return count == 0 ? -1 : static_cast<double>(different) / static_cast<double>(count);
}

std::map<std::string, std::string>
InfoCounts(const fs::path &model, const std::vector<fs::path> &anims, const fs::path &dir) {
    std::string arguments = "info -r " + ShellQuote(model.string());
    for (const fs::path &anim : anims) {
        arguments += " --anim " + ShellQuote(anim.string());
    }
    const CliResult result = RunCli(dir, arguments);
    std::map<std::string, std::string> counts;
    counts["meshes"] = InfoValue(result.out, "Meshes:");
    counts["bones"] = InfoValue(result.out, "Bones:");
    counts["animations"] = InfoValue(result.out, "Animations:");
    const std::string lods = InfoValue(result.out, AGF_META_P3D_IMPORTED_LOD_COUNT " (uint64):");
    counts["lods"] = lods.empty() ? "0" : lods;
    return counts;
}

std::optional<bool> ListensOnLoopbackOnly(long pid, int port) {
#if !defined(__linux__)
    // Only Linux lists a process's sockets under /proc. (Wine shows the Linux /proc to Windows
    // programs, but under Linux process ids, not the Windows ones.)
    (void)pid;
    (void)port;
    return std::nullopt;
#else
    const fs::path fdFolder = "/proc/" + std::to_string(pid) + "/fd";
    if (!fs::is_directory("/proc/self/fd")) {
        return std::nullopt;
    }
    // Matched by the process's own socket inodes, not by port number: under `ctest -j2` another
    // process may listen on the same port number at another address.
    std::set<std::string> socketInodes;
    std::error_code error;
    for (const fs::directory_entry &entry : fs::directory_iterator(fdFolder, error)) {
        const std::string target = fs::read_symlink(entry.path(), error).string();
        if (!error && target.rfind("socket:[", 0) == 0 && target.back() == ']') {
            socketInodes.insert(target.substr(8, target.size() - 9));
        }
    }
    char loopbackAddress[16];
    std::snprintf(loopbackAddress, sizeof loopbackAddress, "0100007F:%04X", port);
    // The kernel's tables are read in pieces and can skip a row that moves while being read,
    // so an empty answer is asked again a few times.
    for (int attempt = 0; attempt < 5; ++attempt) {
        std::set<std::string> listeningAddresses;
        for (const char *table : {"/proc/net/tcp", "/proc/net/tcp6"}) {
            std::ifstream in(table);
            std::string line;
            std::getline(in, line); // the header
            while (std::getline(in, line)) {
                std::istringstream fields(line);
                std::string slot, local, remote, state, queues, timer, retransmits, uid, timeouts,
                    inode;
                fields >> slot >> local >> remote >> state >> queues >> timer >> retransmits >>
                    uid >> timeouts >> inode;
                if (state == "0A" && socketInodes.count(inode) != 0) {
                    listeningAddresses.insert(local);
                }
            }
        }
        if (!listeningAddresses.empty()) {
            return listeningAddresses == std::set<std::string>{loopbackAddress};
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
#endif
}

} // namespace agf::test
