/** @file HelperThread.h
 *  The threads of an import's parallel loops: a std::thread that is joined when it goes out of
 *  scope, so that no path out of a loop (an exception included) leaves a thread running past
 *  the import that started it. The library never pins, names or reprioritises a thread: they
 *  belong to the program that links it.
 */
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <thread>

namespace agf {

class HelperThread {
public:
    /** Starts `body` on a new thread. Throws std::system_error when no thread can be had
     *  (resource limits), as std::thread does. An exception escaping `body` ends the process,
     *  as on a std::thread: the callers catch inside their bodies. */
    explicit HelperThread(std::function<void()> body) : mThread(std::move(body)) {
        sStarted.fetch_add(1, std::memory_order_relaxed);
    }

    /** Joins the thread if it was not joined yet. */
    ~HelperThread() { join(); }

    HelperThread(HelperThread &&other) noexcept = default;
    HelperThread &operator=(HelperThread &&other) = delete;
    HelperThread(const HelperThread &) = delete;
    HelperThread &operator=(const HelperThread &) = delete;

    /** Waits for `body` to return; a second call does nothing. */
    void join() {
        if (mThread.joinable()) {
            mThread.join();
        }
    }

    /** How many helpers this process has started so far: what shows that an import told to
     *  use one thread starts none. */
    static uint64_t started() { return sStarted.load(std::memory_order_relaxed); }

private:
    std::thread mThread;
    static inline std::atomic<uint64_t> sStarted{0};
};

} // namespace agf
