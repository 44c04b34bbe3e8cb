/** @file HelperThread.h
 *  The threads of an import's parallel loops, each started on a core other than its creator's.
 *
 *  A new thread is queued on its creator's core by Linux, and on the benchmark machine (a
 *  virtual machine with two cores) it stayed there until the next load balancing, up to a
 *  scheduler tick later: the new thread or its creator waited a median 0.7-3 ms while the other
 *  core idled, several times a 30 ms import (README, "2026-12-06, stop 36"). Started on
 *  another core, the helper ran after a median 0.15-0.2 ms. So the helper is created allowed
 *  only on the creator's other cores, and its first act is to take back every core its creator
 *  may use, as a std::thread would have had: the scheduler stays free to move it afterwards.
 *  When the creator may use one core only, its cores cannot be read, or the system refuses the
 *  placement, the helper starts as a std::thread would.
 */
#pragma once

#include <functional>

#include <pthread.h>
#include <sched.h>

namespace agf {

/** Writes to `others` the cores of `cores` but `currentCore`, where a helper of a thread now
 *  running on `currentCore` is started; false when that leaves none. */
bool CoresBesides(const cpu_set_t &cores, int currentCore, cpu_set_t &others);

class HelperThread {
public:
    /** Starts `body` on a new thread. Throws std::system_error when no thread can be had
     *  (resource limits), as std::thread does. An exception escaping `body` ends the process,
     *  as on a std::thread: the callers catch inside their bodies. */
    explicit HelperThread(std::function<void()> body);

    /** Joins the thread if it was not joined yet. */
    ~HelperThread();

    HelperThread(HelperThread &&other) noexcept;
    HelperThread &operator=(HelperThread &&other) = delete;
    HelperThread(const HelperThread &) = delete;
    HelperThread &operator=(const HelperThread &) = delete;

    /** Waits for `body` to return. */
    void join();

private:
    pthread_t mThread{};
    bool mJoinable = false;
};

} // namespace agf
