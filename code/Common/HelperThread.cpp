/** @file HelperThread.cpp */
#include "HelperThread.h"

#include <exception>
#include <memory>
#include <system_error>
#include <utility>

namespace agf {

namespace {

/** What the new thread needs: its body, and the cores to take back when it was placed. */
struct Start {
    std::function<void()> body;
    bool placed = false;
    cpu_set_t creatorCores{};
};

void *RunStart(void *argument) {
    const std::unique_ptr<Start> start(static_cast<Start *>(argument));
    if (start->placed) {
        // Failing leaves the helper on the other cores only: slower at worst, never wrong.
        pthread_setaffinity_np(pthread_self(), sizeof start->creatorCores, &start->creatorCores);
    }
    try {
        start->body();
    } catch (...) {
        std::terminate();
    }
    return nullptr;
}

/** Restricts `attributes` to the creator's cores but the one it runs on; false when that
 *  leaves none, or when the creator's cores cannot be read. */
bool PlaceOffCreatorCore(pthread_attr_t &attributes, cpu_set_t &creatorCores) {
    CPU_ZERO(&creatorCores);
    cpu_set_t others;
    return pthread_getaffinity_np(pthread_self(), sizeof creatorCores, &creatorCores) == 0 &&
           CoresBesides(creatorCores, sched_getcpu(), others) &&
           pthread_attr_setaffinity_np(&attributes, sizeof others, &others) == 0;
}

} // namespace

bool CoresBesides(const cpu_set_t &cores, int currentCore, cpu_set_t &others) {
    others = cores;
    if (currentCore >= 0 && currentCore < CPU_SETSIZE) {
        CPU_CLR(currentCore, &others);
    }
    return CPU_COUNT(&others) > 0 && !CPU_EQUAL(&others, &cores);
}

HelperThread::HelperThread(std::function<void()> body) {
    auto start = std::make_unique<Start>();
    start->body = std::move(body);
    pthread_attr_t attributes;
    int error = pthread_attr_init(&attributes);
    if (error != 0) {
        throw std::system_error(error, std::generic_category(), "pthread_attr_init");
    }
    start->placed = PlaceOffCreatorCore(attributes, start->creatorCores);
    error = pthread_create(&mThread, &attributes, RunStart, start.get());
    pthread_attr_destroy(&attributes);
    if (error != 0 && start->placed) {
        // The placement itself may be refused (a core taken away meanwhile): start it unplaced.
        start->placed = false;
        error = pthread_create(&mThread, nullptr, RunStart, start.get());
    }
    if (error != 0) {
        throw std::system_error(error, std::generic_category(), "pthread_create");
    }
    start.release(); // the new thread owns it now
    mJoinable = true;
}

HelperThread::~HelperThread() {
    join();
}

HelperThread::HelperThread(HelperThread &&other) noexcept
    : mThread(other.mThread), mJoinable(std::exchange(other.mJoinable, false)) {}

void HelperThread::join() {
    if (mJoinable) {
        pthread_join(mThread, nullptr);
        mJoinable = false;
    }
}

} // namespace agf
