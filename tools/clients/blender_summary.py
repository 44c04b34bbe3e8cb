"""Runs inside Blender: imports one glTF or FBX file and writes what a user would see as JSON.

    blender -b --factory-startup --python blender_summary.py -- <model> <summary.json> [--poses]

Armatures and their bone counts, actions and their frame ranges, mesh shape keys, lights,
custom properties of the scene and of every object, the images on each material's base colour
and alpha, the world-space bounding box of the meshes
in their rest pose,
and the scene's frame rate (to turn frame ranges into seconds). With --poses, also every
pose bone's matrix (armature space) at every keyframe of every action that moves bones, to
compare the poses two actions show.
"""
import json
import sys

# Debian's Blender 3.4 glTF importer still uses numpy.bool, which numpy 1.24 removed.
try:
    import numpy

    if not hasattr(numpy, "bool"):
        numpy.bool = bool
except ImportError:
    pass

import bpy  # noqa: E402  (after the numpy shim, which the importer needs first)
import mathutils  # noqa: E402


def plain(value):
    """A custom property value as JSON: groups as dicts, arrays as lists."""
    if isinstance(value, (str, int, float, bool)):
        return value
    if hasattr(value, "to_dict"):
        return value.to_dict()
    if hasattr(value, "to_list"):
        return value.to_list()
    try:
        return [plain(item) for item in value]
    except TypeError:
        return str(value)


def properties(owner):
    return {key: plain(owner[key]) for key in owner.keys() if not key.startswith("_")}


def linked_image(socket):
    """The image of the texture node that feeds `socket`, directly or through one node."""
    for link in socket.links:
        node = link.from_node
        if node.type == "TEX_IMAGE" and node.image is not None:
            return node.image
        for inner in node.inputs:
            for inner_link in inner.links:
                source = inner_link.from_node
                if source.type == "TEX_IMAGE" and source.image is not None:
                    return source.image
    return None


def material_summary(material):
    """What a user sees of a material: the images on base colour and alpha, and blending."""
    entry = {"name": material.name, "blend": material.blend_method}
    principled = [n for n in material.node_tree.nodes if n.type == "BSDF_PRINCIPLED"]
    if principled:
        for socket_name, key in (("Base Color", "base_color"), ("Alpha", "alpha")):
            image = linked_image(principled[0].inputs[socket_name])
            if image is not None:
                entry[key] = {"size": list(image.size), "packed": image.packed_file is not None,
                              "channels": image.channels}
    return entry


def keyframes(action):
    return sorted({round(point.co[0], 4) for curve in action.fcurves
                   for point in curve.keyframe_points})


def sample_poses(summary):
    """Armature-space matrices of every pose bone at each keyframe of each bone action."""
    armatures = [o for o in bpy.data.objects if o.type == "ARMATURE"]
    if not armatures:
        return
    armature = armatures[0]
    if armature.animation_data is None:
        armature.animation_data_create()
    for armature_data in bpy.data.armatures:
        armature_data.pose_position = "POSE"
    scene = bpy.context.scene
    poses = {}
    for action in bpy.data.actions:
        if not any(c.data_path.startswith("pose.bones") for c in action.fcurves):
            continue
        armature.animation_data.action = action
        frames = {}
        for frame in keyframes(action):
            scene.frame_set(int(frame), subframe=frame - int(frame))
            frames[str(frame)] = {bone.name: [list(row) for row in bone.matrix]
                                  for bone in armature.pose.bones}
        poses[action.name] = frames
    summary["poses"] = poses


def main():
    arguments = sys.argv[sys.argv.index("--") + 1:]
    model, out = arguments[:2]
    bpy.ops.wm.read_factory_settings(use_empty=True)
    if model.lower().endswith(".fbx"):
        bpy.ops.import_scene.fbx(filepath=model)
    else:
        bpy.ops.import_scene.gltf(filepath=model)
    scene = bpy.context.scene
    summary = {"fps": scene.render.fps / scene.render.fps_base, "scene_props": properties(scene),
               "objects": [], "actions": []}
    low = mathutils.Vector((1e30, 1e30, 1e30))
    high = mathutils.Vector((-1e30, -1e30, -1e30))
    # Bounds at rest: frame 0 of a glTF action is frame 1 of the same action from FBX.
    for armature in bpy.data.armatures:
        armature.pose_position = "REST"
    graph = bpy.context.evaluated_depsgraph_get()
    for obj in bpy.data.objects:
        entry = {"name": obj.name, "type": obj.type, "props": properties(obj)}
        if obj.type == "ARMATURE":
            entry["bones"] = len(obj.data.bones)
        elif obj.type == "MESH":
            keys = obj.data.shape_keys
            entry["shape_keys"] = [k.name for k in keys.key_blocks] if keys else []
            for corner in obj.evaluated_get(graph).bound_box:
                world = obj.matrix_world @ mathutils.Vector(corner)
                for axis in range(3):
                    low[axis] = min(low[axis], world[axis])
                    high[axis] = max(high[axis], world[axis])
        elif obj.type == "LIGHT":
            entry["light"] = obj.data.type
        summary["objects"].append(entry)
    summary["materials"] = [material_summary(m) for m in bpy.data.materials if m.use_nodes]
    for action in bpy.data.actions:
        shape_curves = sum(1 for c in action.fcurves if c.data_path.startswith("key_blocks"))
        bone_curves = sum(1 for c in action.fcurves if c.data_path.startswith("pose.bones"))
        summary["actions"].append({"name": action.name, "range": list(action.frame_range),
                                   "shape_key_curves": shape_curves,
                                   "bone_curves": bone_curves})
    summary["bbox"] = [list(low), list(high)]
    if "--poses" in arguments[2:]:
        sample_poses(summary)
    with open(out, "w", encoding="utf-8") as stream:
        json.dump(summary, stream, indent=1)


main()
