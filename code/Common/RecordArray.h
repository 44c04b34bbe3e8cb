/** @file RecordArray.h
 *  An array of plain records that either owns them or borrows them from a file's bytes.
 *
 *  A parser whose struct has exactly the file's record layout can leave the records where the
 *  file's bytes already hold them (after any fix-up in place) instead of copying them into a
 *  second array: for a 1M-point PSK that copy was 84 MB, 20,000 page faults and a pass over
 *  every record. A writer or a test builds the same array by pushing records. Borrowed records
 *  live as long as the buffer they were borrowed from; whoever borrows keeps that buffer (see
 *  psk::PskFile::storage).
 */
#pragma once

#include "Common/HugePages.h"

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <type_traits>
#include <utility>
#include <vector>

namespace agf {

/** True when `data` can hold records of type T in place: aligned for T, on a little-endian host
 *  (the files' byte order). */
template <typename T> bool CanBorrowRecordsAt(const void *data) {
    return __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ &&
           reinterpret_cast<uintptr_t>(data) % alignof(T) == 0;
}

template <typename T> class RecordArray {
    static_assert(std::is_trivially_copyable_v<T>, "records are bytes of a file");

public:
    RecordArray() = default;
    RecordArray(std::initializer_list<T> values) : mOwned(values) { point(); }
    explicit RecordArray(std::vector<T> values) : mOwned(std::move(values)) { point(); }
    RecordArray(RecordArray &&other) noexcept { *this = std::move(other); }
    RecordArray &operator=(RecordArray &&other) noexcept {
        if (this == &other) {
            return *this;
        }
        mOwned = std::move(other.mOwned);
        mBorrowed = other.mBorrowed;
        mData = other.mBorrowed ? other.mData : mOwned.data();
        mSize = other.mSize;
        other.reset();
        return *this;
    }
    RecordArray(const RecordArray &) = delete;
    RecordArray &operator=(const RecordArray &) = delete;

    /** `count` records at `data`, which must satisfy CanBorrowRecordsAt<T> and hold records
     *  laid out exactly as T; they stay where they are. */
    static RecordArray Borrow(void *data, size_t count) {
        RecordArray array;
        array.mBorrowed = true;
        // The bytes came from a file read; the records are read through T from here on, which
        // every compiler we build with allows for memory that only char-typed code wrote.
        array.mData = static_cast<T *>(data);
        array.mSize = count;
        return array;
    }

    size_t size() const { return mSize; }
    bool empty() const { return mSize == 0; }
    bool borrowed() const { return mBorrowed; }
    T *data() { return mData; }
    const T *data() const { return mData; }
    T &operator[](size_t index) { return mData[index]; }
    const T &operator[](size_t index) const { return mData[index]; }
    T *begin() { return mData; }
    T *end() { return mData + mSize; }
    const T *begin() const { return mData; }
    const T *end() const { return mData + mSize; }

    // Building an owned array (writers, tests). A borrowed array is copied into one first.
    void push_back(const T &value) {
        own();
        mOwned.push_back(value);
        point();
    }
    void reserve(size_t count) {
        own();
        mOwned.reserve(count);
        point();
    }
    /** Drops the last records of a borrowed or owned array (a filter that compacted it). */
    void shrink(size_t count) {
        if (count >= mSize) {
            return;
        }
        if (mBorrowed) {
            ReleasePages(mData + count, (mSize - count) * sizeof(T));
            mSize = count;
        } else {
            mOwned.resize(count);
            point();
        }
    }

    /** Frees owned records, or gives a borrowed range's pages back; the array is then empty. */
    void release() {
        if (mBorrowed) {
            ReleasePages(mData, mSize * sizeof(T));
        }
        std::vector<T>().swap(mOwned);
        reset();
    }

private:
    void own() {
        if (mBorrowed) {
            mOwned.assign(mData, mData + mSize);
            mBorrowed = false;
        }
    }
    void point() {
        mData = mOwned.data();
        mSize = mOwned.size();
    }
    void reset() {
        mBorrowed = false;
        mData = nullptr;
        mSize = 0;
        mOwned.clear();
    }

    std::vector<T> mOwned;
    bool mBorrowed = false;
    T *mData = nullptr;
    size_t mSize = 0;
};

} // namespace agf
