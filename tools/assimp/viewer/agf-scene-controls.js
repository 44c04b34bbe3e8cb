// The view's switches: grid, wireframe, normals, skeleton, LODs, animations, morph targets.
'use strict';

(function (agf) {
    const Viewport = agf.Viewport;

    function formatLength(metres) {
        if (metres >= 1000) {
            return metres / 1000 + ' km';
        }
        if (metres >= 1) {
            return metres + ' m';
        }
        if (metres >= 0.01) {
            return +(metres * 100).toPrecision(3) + ' cm';
        }
        return +(metres * 1000).toPrecision(3) + ' mm';
    }

    // A grid on the floor of the model, with cells of a power of ten metres (of ten file units
    // when the file's units are unknown), about a tenth of the model's size.
    Viewport.prototype.updateGrid = function (box, size) {
        if (this.grid) {
            this.scene.remove(this.grid);
        }
        const metre = this.unitsPerMetre;
        const unit = metre || 1;
        const cell = Math.pow(10, Math.floor(Math.log10(size / unit / 4))) * unit;
        const divisions = Math.min(200, Math.max(2, 2 * Math.ceil(size / cell)));
        this.grid = new THREE.GridHelper(cell * divisions, divisions, 0x8a919c, 0x4b515a);
        if (!box.isEmpty()) {
            const center = box.getCenter(new THREE.Vector3());
            this.grid.position.set(Math.round(center.x / cell) * cell, box.min.y, Math.round(center.z / cell) * cell);
        }
        this.grid.visible = this.options.grid;
        this.scene.add(this.grid);
        this.gridLabel = 'grid ' + (metre ? formatLength(cell / metre) : +cell.toPrecision(3) + ' units');
    };

    Viewport.prototype.setGrid = function (on) {
        this.options.grid = on;
        if (this.grid) {
            this.grid.visible = on;
        }
        this.requestRender();
    };

    Viewport.prototype.applyWireframe = function () {
        const on = this.options.wireframe;
        this.content.traverse(function (object) {
            if (object.isMesh) {
                for (const material of [].concat(object.material)) {
                    material.wireframe = on;
                }
            }
        });
        this.requestRender();
    };

    Viewport.prototype.setWireframe = function (on) {
        this.options.wireframe = on;
        if (this.content) {
            this.applyWireframe();
        }
    };

    Viewport.prototype.setNormals = function (on) {
        this.options.normals = on;
        for (const helper of this.normalHelpers || []) {
            this.scene.remove(helper);
        }
        this.normalHelpers = [];
        if (on && this.content) {
            const length = (this.modelSize || 1) * 0.02;
            this.content.traverseVisible((object) => {
                if (object.isMesh && object.geometry.attributes.normal) {
                    const helper = new THREE.VertexNormalsHelper(object, length, 0xffd54f);
                    this.normalHelpers.push(helper);
                    this.scene.add(helper);
                }
            });
        }
        this.requestRender();
    };

    Viewport.prototype.setSkeleton = function (on) {
        this.options.skeleton = on;
        for (const helper of this.skeletonHelpers || []) {
            helper.visible = on;
        }
        this.requestRender();
    };

    // Shows LOD `index` of this.lods and hides the others (P3D files hold every LOD at once).
    Viewport.prototype.selectLod = function (index) {
        this.lods.forEach(function (node, i) {
            node.object.visible = i === index;
        });
        this.lodIndex = index;
        this.frameAll();
    };

    Viewport.prototype.playClip = function (index) {
        if (!this.mixer) {
            return;
        }
        this.mixer.stopAllAction();
        this.action = null;
        const clip = this.clips[index];
        if (clip) {
            this.action = this.mixer.clipAction(clip);
            this.action.play();
        }
        this.requestRender();
    };

    Viewport.prototype.setPaused = function (paused) {
        if (this.action) {
            this.action.paused = paused;
            this.clock.getDelta(); // no jump by the time spent paused
            this.requestRender();
        }
    };

    Viewport.prototype.seek = function (seconds) {
        if (this.action) {
            this.action.time = seconds;
            this.mixer.update(0);
            this.requestRender();
        }
    };

    // Every mesh with morph targets, as [{mesh, names}] (names from three.js's dictionary).
    Viewport.prototype.morphMeshes = function () {
        const meshes = [];
        if (this.content) {
            this.content.traverse(function (object) {
                if (object.isMesh && object.morphTargetInfluences && object.morphTargetInfluences.length) {
                    const names = [];
                    for (const [name, index] of Object.entries(object.morphTargetDictionary || {})) {
                        names[index] = name;
                    }
                    meshes.push({ mesh: object, names: names });
                }
            });
        }
        return meshes;
    };

    Viewport.prototype.setMorph = function (mesh, index, value) {
        mesh.morphTargetInfluences[index] = value;
        this.requestRender();
    };
})(window.agf);
