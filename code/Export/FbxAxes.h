/** @file FbxAxes.h
 *  The axes an FBX file declares for a scene of our importers.
 *
 *  Assimp's FBX writer fills GlobalSettings' UpAxis, FrontAxis and CoordAxis (and their signs)
 *  from the scene's metadata keys of those names, with Y-up defaults for the keys that are
 *  missing, and leaves out the root node's own transform: the data in the file is in the axes
 *  of the nodes below the root, which for our importers are the source file's (the turn to
 *  Y-up is on the root). Our importers record that axis as UpAxis and write no FrontAxis, so a
 *  Z-up file declared up and front on the same axis: a reader that applies the declared axes
 *  (Assimp's from 5.4 on, fbx-reader-turns-root) built a degenerate root from it, and others
 *  fell back to their default. The prepared copy declares a whole right-handed axis system for
 *  the file's up axis: Y-up with front +Z, Z-up with front -Y (as 3ds Max writes), X-up with
 *  front -Z.
 */
#pragma once

struct aiScene;

namespace agf {

/** Sets the scene's FBX axis keys as above, when its metadata comes from our importers
 *  (GameFormats.RootRotatedToYUp present); any other scene is left as it is. */
void DeclareFbxAxes(aiScene &scene);

} // namespace agf
