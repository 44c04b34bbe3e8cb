/** @file ViewerServer.cpp */
#include "ViewerServer.h"

#include "ExitCodes.h"
#include "Interrupts.h"
#include "ViewerAssets.h"
#include "ViewerModels.h"
#include "ViewerReport.h"
#include "ViewerTextures.h"

#include <httplib.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <thread>

namespace agf::cli {

namespace {

// Converted models kept in memory; the least recently used go first when this is exceeded.
const size_t kCacheBudgetBytes = 512u << 20;
// httplib gives each open connection a thread until the connection closes; a browser keeps up
// to six connections per host open (keep-alive), so fewer threads would leave requests waiting
// for an idle connection to time out. Conversions are serialised anyway.
const size_t kServerThreads = 16;

void Refuse(httplib::Response &response, int status, const std::string &message) {
    response.status = status;
    response.set_content(message + "\n", "text/plain; charset=utf-8");
}

// A page on another site could reach a loopback server through a DNS name that resolves to
// 127.0.0.1 ("DNS rebinding"); its requests then carry that name as Host, which is refused.
bool IsLoopbackHost(const std::string &host) {
    const size_t colon = host.rfind(':');
    const std::string name = colon == std::string::npos ? host : host.substr(0, colon);
    return name == "127.0.0.1" || name == "localhost";
}

class ViewerServer {
public:
    ViewerServer(const ViewerRoot &root, const std::vector<CatalogEntry> &catalog,
                 const ViewerSettings &settings);
    int Run();

private:
    void AddRoutes();
    void ServeAsset(const std::string &name, httplib::Response &response);
    void ServeCatalog(bool asScript, httplib::Response &response);
    void ServeModel(const httplib::Request &request, httplib::Response &response, bool glb);
    void ServeTexture(const httplib::Request &request, httplib::Response &response);
    /** The catalogue row of a request's "file" parameter, or -1 after refusing the request. */
    long FindRequestedRow(const httplib::Request &request, httplib::Response &response);
    std::shared_ptr<ConvertedModel> ModelFor(size_t row);
    void Remember(size_t row, const std::shared_ptr<ConvertedModel> &model, bool evict);
    void ConvertInBackground();
    void WaitForInterrupt();

    const ViewerRoot &mRoot;
    ViewerSettings mSettings;
    httplib::Server mServer;

    std::mutex mConvertMutex; ///< one conversion at a time (Assimp's logger is global)
    ModelConverter mConverter;

    std::mutex mStateMutex; ///< guards everything below
    std::vector<CatalogRow> mRows;
    std::map<size_t, std::shared_ptr<ConvertedModel>> mCache;
    std::list<size_t> mCacheOrder; ///< least recently used first
    size_t mCacheBytes = 0;

    std::atomic<bool> mStopping{false};
};

ViewerServer::ViewerServer(const ViewerRoot &root, const std::vector<CatalogEntry> &catalog,
                           const ViewerSettings &settings)
    : mRoot(root), mSettings(settings), mConverter(root, settings.options, catalog) {
    for (const CatalogEntry &entry : catalog) {
        CatalogRow row;
        row.entry = entry;
        mRows.push_back(row);
    }
}

void ViewerServer::ServeAsset(const std::string &name, httplib::Response &response) {
    const ViewerAsset *asset = FindViewerAsset(name);
    if (asset == nullptr) {
        Refuse(response, 404, "not found");
        return;
    }
    response.set_content(reinterpret_cast<const char *>(asset->data), asset->size,
                         ContentTypeFor(name));
}

void ViewerServer::ServeCatalog(bool asScript, httplib::Response &response) {
    CatalogHeader header;
    header.title = mSettings.title;
    header.singleFile = mRoot.isSingleFile();
    std::string json;
    {
        const std::lock_guard<std::mutex> lock(mStateMutex);
        json = WriteCatalog(header, mRows);
    }
    response.set_header("Cache-Control", "no-store");
    if (asScript) {
        response.set_content("agfViewer.receiveCatalog(" + json + ");\n",
                             ContentTypeFor("catalog.js"));
    } else {
        response.set_content(json, ContentTypeFor("catalog.json"));
    }
}

long ViewerServer::FindRequestedRow(const httplib::Request &request, httplib::Response &response) {
    if (!request.has_param("file")) {
        Refuse(response, 400, "missing ?file=<path relative to the viewed folder>");
        return -1;
    }
    const std::string file = request.get_param_value("file");
    const ResolvedPath resolved = mRoot.Resolve(file);
    if (resolved.check == PathCheck::Forbidden) {
        Refuse(response, 403, "forbidden: " + file + " is not inside the viewed folder");
        return -1;
    }
    for (size_t i = 0; resolved.check == PathCheck::Ok && i < mRows.size(); ++i) {
        if (mRows[i].entry.file == file) {
            return static_cast<long>(i);
        }
    }
    Refuse(response, 404, "not a model file of the viewed folder: " + file);
    return -1;
}

void ViewerServer::Remember(size_t row, const std::shared_ptr<ConvertedModel> &model, bool evict) {
    // Called with mStateMutex held.
    CatalogRow &entry = mRows[row];
    entry.state = model->ok ? CatalogRow::State::Ready : CatalogRow::State::Failed;
    entry.counts = model->counts;
    entry.error = model->error;
    entry.boundMesh = model->boundMesh;
    if (mCache.count(row) != 0 || (!evict && mCacheBytes + model->bytes() > kCacheBudgetBytes)) {
        return;
    }
    while (!mCacheOrder.empty() && mCacheBytes + model->bytes() > kCacheBudgetBytes) {
        mCacheBytes -= mCache[mCacheOrder.front()]->bytes();
        mCache.erase(mCacheOrder.front());
        mCacheOrder.pop_front();
    }
    mCache[row] = model;
    mCacheOrder.push_back(row);
    mCacheBytes += model->bytes();
}

std::shared_ptr<ConvertedModel> ViewerServer::ModelFor(size_t row) {
    auto cached = [&]() -> std::shared_ptr<ConvertedModel> {
        const std::lock_guard<std::mutex> lock(mStateMutex);
        const auto found = mCache.find(row);
        if (found == mCache.end()) {
            return nullptr;
        }
        mCacheOrder.remove(row);
        mCacheOrder.push_back(row);
        return found->second;
    };
    if (auto model = cached()) {
        return model;
    }
    const std::lock_guard<std::mutex> convertLock(mConvertMutex);
    if (auto model = cached()) { // converted while this request waited
        return model;
    }
    std::shared_ptr<ConvertedModel> model = mConverter.Convert(mRows[row].entry, true);
    const std::lock_guard<std::mutex> lock(mStateMutex);
    Remember(row, model, true);
    return model;
}

void ViewerServer::ServeModel(const httplib::Request &request, httplib::Response &response,
                              bool glb) {
    const long row = FindRequestedRow(request, response);
    if (row < 0) {
        return;
    }
    const std::shared_ptr<ConvertedModel> model = ModelFor(static_cast<size_t>(row));
    response.set_header("Cache-Control", "no-store");
    if (!glb) {
        response.set_content(model->reportJson, ContentTypeFor("report.json"));
    } else if (!model->ok) {
        Refuse(response, 422, model->error);
    } else {
        response.set_content(model->glb, "model/gltf-binary");
    }
}

void ViewerServer::ServeTexture(const httplib::Request &request, httplib::Response &response) {
    const std::string file = request.has_param("file") ? request.get_param_value("file") : "";
    const ResolvedPath resolved = mRoot.Resolve(file);
    if (resolved.check == PathCheck::Forbidden) {
        Refuse(response, 403, "forbidden: " + file + " is not inside the viewed folder");
        return;
    }
    std::string bytes, mimeType, problem;
    if (resolved.check != PathCheck::Ok) {
        Refuse(response, 404, "no such texture: " + file);
    } else if (!LoadTextureForPage(resolved.path, bytes, mimeType, problem)) {
        Refuse(response, 415, file + ": " + problem);
    } else {
        response.set_content(bytes, mimeType);
    }
}

void ViewerServer::AddRoutes() {
    mServer.set_pre_routing_handler(
        [](const httplib::Request &request, httplib::Response &response) {
            if (!IsLoopbackHost(request.get_header_value("Host"))) {
                Refuse(response, 403, "forbidden: this viewer answers only to 127.0.0.1");
                return httplib::Server::HandlerResponse::Handled;
            }
            // httplib has decoded the path: "%2e%2e" arrives here as "..".
            if (IsTraversal(request.path.substr(request.path.empty() ? 0 : 1))) {
                Refuse(response, 403, "forbidden: " + request.path);
                return httplib::Server::HandlerResponse::Handled;
            }
            response.set_header("X-Content-Type-Options", "nosniff");
            return httplib::Server::HandlerResponse::Unhandled;
        });
    auto page = [this](const httplib::Request &, httplib::Response &response) {
        ServeAsset("index.html", response);
    };
    mServer.Get("/", page);
    mServer.Get("/index.html", page);
    mServer.Get(R"(/((viewer|three)/[A-Za-z0-9._-]+))",
                [this](const httplib::Request &request, httplib::Response &response) {
                    ServeAsset(request.matches[1], response);
                });
    mServer.Get("/catalog.js", [this](const httplib::Request &, httplib::Response &response) {
        ServeCatalog(true, response);
    });
    mServer.Get("/api/catalog", [this](const httplib::Request &, httplib::Response &response) {
        ServeCatalog(false, response);
    });
    mServer.Get("/api/model", [this](const httplib::Request &request, httplib::Response &response) {
        ServeModel(request, response, false);
    });
    mServer.Get("/api/glb", [this](const httplib::Request &request, httplib::Response &response) {
        ServeModel(request, response, true);
    });
    mServer.Get("/api/texture",
                [this](const httplib::Request &request, httplib::Response &response) {
                    ServeTexture(request, response);
                });
}

void ViewerServer::ConvertInBackground() {
    for (size_t row = 0; row < mRows.size() && !mStopping; ++row) {
        {
            const std::lock_guard<std::mutex> lock(mStateMutex);
            if (mRows[row].state != CatalogRow::State::Pending) {
                continue;
            }
        }
        const std::lock_guard<std::mutex> convertLock(mConvertMutex);
        if (mStopping) {
            break;
        }
        std::shared_ptr<ConvertedModel> model = mConverter.Convert(mRows[row].entry, true);
        const std::lock_guard<std::mutex> lock(mStateMutex);
        if (mRows[row].state == CatalogRow::State::Pending) {
            Remember(row, model, false);
        }
    }
}

// The signal handlers only note Ctrl-C and SIGTERM (Interrupts.h): the server is stopped from
// here, where that is safe (a signal handler may not call into httplib).
void ViewerServer::WaitForInterrupt() {
    while (!mStopping) {
        if (Interrupted()) {
            std::printf("\nassimp view: stopping\n");
            std::fflush(stdout);
            mStopping = true;
            mServer.stop();
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
}

int ViewerServer::Run() {
    AddRoutes();
    mServer.new_task_queue = [] { return new httplib::ThreadPool(kServerThreads); };
    mServer.set_keep_alive_timeout(2);
    const int port =
        mSettings.port == 0
            ? mServer.bind_to_any_port("127.0.0.1")
            : (mServer.bind_to_port("127.0.0.1", mSettings.port) ? mSettings.port : -1);
    if (port <= 0) {
        ReportError("view: cannot listen on 127.0.0.1:" + std::to_string(mSettings.port) +
                    " (in use? try --port 0 for any free port)");
        return kInvalidArguments;
    }
    std::printf("assimp view: serving %zu files of %s at http://127.0.0.1:%d/ (Ctrl-C stops)\n",
                mRows.size(), mRoot.folder().string().c_str(), port);
    std::fflush(stdout);

    CatchInterrupts();
    std::thread interruptWatcher(&ViewerServer::WaitForInterrupt, this);
    std::thread converter(&ViewerServer::ConvertInBackground, this);
    const bool listened = mServer.listen_after_bind();
    mStopping = true;
    interruptWatcher.join();
    converter.join();
    std::printf("assimp view: stopped\n");
    return listened ? kSuccess : kExceptionWasRaised;
}

} // namespace

int RunViewerServer(const ViewerRoot &root, const std::vector<CatalogEntry> &catalog,
                    const ViewerSettings &settings) {
    ViewerServer server(root, catalog, settings);
    return server.Run();
}

} // namespace agf::cli
