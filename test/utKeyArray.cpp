// Tests of KeyArray (code/Common/SceneBuilder.h), the key container whose block MakeNodeAnim
// hands to aiNodeAnim without copying, and of that hand-over.
#include "TestSupport.h"

#include "Common/SceneBuilder.h"

#include <algorithm>
#include <vector>

using agf::KeyArray;

namespace {

aiVectorKey Key(double time, float x) {
    return aiVectorKey(time, aiVector3D(x, 0, 0));
}

} // namespace

TEST(KeyArray, GrowsKeepsOrderAndConvertsFromVectorAndLists) {
    KeyArray<aiVectorKey> keys;
    EXPECT_TRUE(keys.empty());
    for (int i = 0; i < 100; ++i) {
        keys.emplace_back(double(i), aiVector3D(float(i), 0, 0));
    }
    ASSERT_EQ(keys.size(), 100u);
    for (int i = 0; i < 100; ++i) {
        EXPECT_EQ(keys[i].mTime, double(i));
        EXPECT_EQ(keys[i].mValue.x, float(i));
    }
    EXPECT_EQ(keys.front().mTime, 0.0);
    EXPECT_EQ(keys.back().mTime, 99.0);

    const std::vector<aiVectorKey> vector = {Key(1, 10), Key(2, 20)};
    const KeyArray<aiVectorKey> fromVector = vector;
    ASSERT_EQ(fromVector.size(), 2u);
    EXPECT_EQ(fromVector[1].mValue.x, 20.0f);

    const KeyArray<aiVectorKey> fromList = {Key(5, 50)};
    ASSERT_EQ(fromList.size(), 1u);
    EXPECT_EQ(fromList[0].mTime, 5.0);

    KeyArray<aiVectorKey> copy = fromVector;
    copy[0].mTime = 7;
    EXPECT_EQ(fromVector[0].mTime, 1.0) << "a copy must not share the block";
}

TEST(KeyArray, ResizeAfterClearGivesDefaultKeysNotStaleOnes) {
    KeyArray<aiVectorKey> keys = {Key(3, 30), Key(4, 40), Key(5, 50)};
    keys.clear();
    EXPECT_TRUE(keys.empty());
    keys.resize(2);
    ASSERT_EQ(keys.size(), 2u);
    for (const aiVectorKey &key : keys) {
        EXPECT_EQ(key.mTime, 0.0);
        EXPECT_EQ(key.mValue, aiVector3D());
    }
    keys.resize(40); // grows the block: the new keys are default keys too
    EXPECT_EQ(keys[39].mTime, 0.0);
    EXPECT_EQ(keys[39].mValue, aiVector3D());
}

TEST(KeyArray, EraseWorksWithRemoveIfAndSortWorksOnTheRange) {
    KeyArray<aiVectorKey> keys = {Key(3, 0), Key(-1, 0), Key(1, 0), Key(-2, 0), Key(2, 0)};
    keys.erase(std::remove_if(keys.begin(), keys.end(),
                              [](const aiVectorKey &key) { return key.mTime < 0; }),
               keys.end());
    ASSERT_EQ(keys.size(), 3u);
    std::sort(keys.begin(), keys.end(),
              [](const aiVectorKey &a, const aiVectorKey &b) { return a.mTime < b.mTime; });
    EXPECT_EQ(keys[0].mTime, 1.0);
    EXPECT_EQ(keys[1].mTime, 2.0);
    EXPECT_EQ(keys[2].mTime, 3.0);
}

TEST(KeyArray, MakeNodeAnimTakesTheBlockWithoutCopying) {
    KeyArray<aiVectorKey> positions;
    positions.resize(1000);
    for (size_t i = 0; i < positions.size(); ++i) {
        positions[i] = Key(double(i), float(i) * 0.5f);
    }
    const aiVectorKey *block = positions.data();
    KeyArray<aiQuatKey> rotations = {aiQuatKey(0, aiQuaternion())};
    std::unique_ptr<aiNodeAnim> channel =
        agf::MakeNodeAnim("bone", std::move(positions), std::move(rotations), {});
    ASSERT_EQ(channel->mNumPositionKeys, 1000u);
    EXPECT_EQ(channel->mPositionKeys, block) << "the keys were copied";
    EXPECT_EQ(channel->mPositionKeys[999].mValue.x, 499.5f);
    EXPECT_EQ(channel->mNumRotationKeys, 1u);
    // The empty scaling list gets the rest key, as before.
    ASSERT_EQ(channel->mNumScalingKeys, 1u);
    EXPECT_EQ(channel->mScalingKeys[0].mValue, aiVector3D(1, 1, 1));
}
