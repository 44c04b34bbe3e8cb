// The 3D view: three.js (Debian's libjs-three r111, classic builds) with orbit controls, a grid
// in the file's units, wireframe and normals, the skeleton, P3D LODs one at a time, labelled
// markers for P3D proxies and memory points, animations and morph targets.
'use strict';

(function (agf) {
    const BACKGROUND = 0x30343b;
    const BONE_COLOR = 0x4fd1ff;

    function Viewport(container, labelLayer) {
        this.container = container;
        this.labelLayer = labelLayer;
        this.renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
        this.renderer.setPixelRatio(window.devicePixelRatio || 1);
        this.renderer.setClearColor(BACKGROUND);
        this.renderer.outputEncoding = THREE.sRGBEncoding;
        container.append(this.renderer.domElement);

        this.scene = new THREE.Scene();
        this.camera = new THREE.PerspectiveCamera(45, 1, 0.01, 1000);
        this.scene.add(this.camera);
        this.scene.add(new THREE.HemisphereLight(0xffffff, 0x444450, 0.6));
        const light = new THREE.DirectionalLight(0xffffff, 0.6);
        light.position.set(1, 2, 3);
        this.camera.add(light); // a head light: every side the user turns to is lit

        this.controls = new THREE.OrbitControls(this.camera, this.renderer.domElement);
        this.controls.screenSpacePanning = true;
        this.controls.addEventListener('change', () => this.requestRender());

        this.clock = new THREE.Clock();
        this.content = null;
        this.options = { wireframe: false, normals: false, skeleton: true, grid: true };
        this.onTime = null; // called with the animation time while it plays

        new ResizeObserver(() => this.resize()).observe(container);
        this.resize();
    }

    Viewport.prototype.resize = function () {
        const width = Math.max(1, this.container.clientWidth);
        const height = Math.max(1, this.container.clientHeight);
        this.renderer.setSize(width, height);
        this.camera.aspect = width / height;
        this.camera.updateProjectionMatrix();
        this.requestRender();
    };

    // Frames are drawn only when something changed or an animation plays: an idle page costs
    // nothing (and lets a headless browser's virtual time run ahead to the next event).
    Viewport.prototype.requestRender = function () {
        if (!this.frameRequested) {
            this.frameRequested = true;
            requestAnimationFrame(() => this.drawFrame());
        }
    };

    Viewport.prototype.playing = function () {
        return Boolean(this.mixer && this.action && !this.action.paused);
    };

    Viewport.prototype.drawFrame = function () {
        this.frameRequested = false;
        const delta = this.clock.getDelta();
        if (this.playing()) {
            this.mixer.update(delta);
            if (this.onTime) {
                this.onTime(this.action.time);
            }
            this.requestRender();
        }
        this.updateBonePoints();
        this.renderer.render(this.scene, this.camera);
        this.updateLabels();
    };

    // Stands in for a texture that cannot be shown: white keeps the material's own colour, and
    // a failed image would make GLTFLoader drop the whole model. A texture made on the spot, not
    // an image to decode: there is nothing to wait for.
    const placeholderLoader = {
        load: function (url, onLoad) {
            const texture = new THREE.DataTexture(new Uint8Array([255, 255, 255, 255]), 1, 1, THREE.RGBAFormat);
            texture.needsUpdate = true;
            onLoad(texture);
            return texture;
        },
    };

    // Loads a glb (ArrayBuffer); textures come from `textureUrl(uri)` (undefined: not shown).
    Viewport.prototype.parse = function (glb, textureUrl) {
        const manager = new THREE.LoadingManager();
        const embedded = (uri) => /^(data|blob):/.test(uri);
        // GLTFLoader asks the manager for a loader by testing each handler's "regex" on the
        // image's URI; this one answers for every URI that has no texture to show.
        manager.addHandler({ global: false, test: (uri) => !embedded(uri) && !textureUrl(uri) }, placeholderLoader);
        manager.setURLModifier((url) => (embedded(url) ? url : textureUrl(url) || url));
        const loader = new THREE.GLTFLoader(manager);
        return new Promise(function (resolve, reject) {
            loader.parse(glb, '', resolve, function (error) {
                reject(error instanceof Error ? error : new Error(String(error && error.message || error)));
            });
        });
    };

    Viewport.prototype.clear = function () {
        if (this.content) {
            this.scene.remove(this.content);
            this.content.traverse(function (object) {
                if (object.geometry) {
                    object.geometry.dispose();
                }
            });
        }
        for (const helper of this.helpers || []) {
            this.scene.remove(helper);
        }
        agf.clear(this.labelLayer);
        this.content = null;
        this.helpers = [];
        this.markers = [];
        this.normalHelpers = null;
        this.mixer = null;
        this.action = null;
        this.lods = [];
        this.requestRender();
    };

    // Shows a loaded gltf; `nodes` are the report's nodes, each given its `object` by the caller.
    Viewport.prototype.show = function (gltf, nodes, unitsPerMetre) {
        this.clear();
        this.content = gltf.scene;
        this.scene.add(this.content);
        this.clips = gltf.animations || [];
        this.mixer = new THREE.AnimationMixer(this.content);
        this.unitsPerMetre = unitsPerMetre;
        this.lods = nodes.filter((node) => node.kind === 'lod' && node.object);
        this.addSkeleton();
        this.addMarkers(nodes.filter((node) => (node.kind === 'proxy' || node.kind === 'point') && node.object));
        this.applyWireframe();
        this.frameAll();
    };

    Viewport.prototype.addSkeleton = function () {
        const bones = [];
        this.content.traverse((object) => object.isBone && bones.push(object));
        this.bones = bones;
        if (bones.length === 0) {
            return;
        }
        const lines = new THREE.SkeletonHelper(this.content);
        lines.material.color.set(BONE_COLOR);
        lines.material.depthTest = false;
        lines.renderOrder = 2;
        // One point per joint too: a skeleton of one bone has no line to draw.
        const geometry = new THREE.BufferGeometry();
        geometry.setAttribute('position', new THREE.BufferAttribute(new Float32Array(bones.length * 3), 3));
        const material = new THREE.PointsMaterial({ color: BONE_COLOR, size: 5, sizeAttenuation: false, depthTest: false });
        this.bonePoints = new THREE.Points(geometry, material);
        this.bonePoints.renderOrder = 3;
        this.bonePoints.frustumCulled = false;
        this.skeletonHelpers = [lines, this.bonePoints];
        for (const helper of this.skeletonHelpers) {
            helper.visible = this.options.skeleton;
            this.scene.add(helper);
            this.helpers.push(helper);
        }
    };

    Viewport.prototype.updateBonePoints = function () {
        if (!this.bonePoints || !this.bonePoints.visible) {
            return;
        }
        const positions = this.bonePoints.geometry.attributes.position;
        const point = new THREE.Vector3();
        this.bones.forEach(function (bone, i) {
            bone.getWorldPosition(point);
            positions.setXYZ(i, point.x, point.y, point.z);
        });
        positions.needsUpdate = true;
    };

    Viewport.prototype.addMarkers = function (nodes) {
        for (const node of nodes) {
            const axes = new THREE.AxesHelper(1);
            axes.material.depthTest = false;
            axes.renderOrder = 4;
            node.object.add(axes);
            const label = agf.el('div', { className: 'marker-label ' + node.kind, text: node.name });
            this.labelLayer.append(label);
            this.markers.push({ node: node, axes: axes, label: label });
        }
    };

    Viewport.prototype.updateLabels = function () {
        const width = this.container.clientWidth;
        const height = this.container.clientHeight;
        const point = new THREE.Vector3();
        for (const marker of this.markers || []) {
            let visible = true;
            marker.node.object.traverseAncestors((ancestor) => (visible = visible && ancestor.visible));
            marker.node.object.getWorldPosition(point);
            point.project(this.camera);
            const inFront = point.z > -1 && point.z < 1;
            marker.label.style.display = visible && inFront ? '' : 'none';
            marker.label.style.transform =
                'translate(' + ((point.x + 1) / 2 * width).toFixed(1) + 'px,' + ((1 - point.y) / 2 * height).toFixed(1) + 'px)';
        }
    };

    // The box of what is visible: meshes, or else the points of nodes (a skeleton, a LOD of
    // memory points), so that everything can be framed.
    Viewport.prototype.visibleBox = function () {
        const box = new THREE.Box3();
        const points = new THREE.Box3();
        const point = new THREE.Vector3();
        this.content.updateMatrixWorld(true);
        this.content.traverseVisible(function (object) {
            if (object.isMesh && object.geometry) {
                if (!object.geometry.boundingBox) {
                    object.geometry.computeBoundingBox();
                }
                box.union(object.geometry.boundingBox.clone().applyMatrix4(object.matrixWorld));
            } else if (!object.isLine) {
                points.expandByPoint(object.getWorldPosition(point));
            }
        });
        if (box.isEmpty() && !points.isEmpty()) {
            // Points sit on the box's corners: leave them a margin.
            points.expandByScalar(Math.max(points.getSize(new THREE.Vector3()).length() * 0.1, 1e-3));
        }
        return box.isEmpty() ? points : box;
    };

    Viewport.prototype.frameAll = function () {
        if (!this.content) {
            return;
        }
        const box = this.visibleBox();
        const center = box.isEmpty() ? new THREE.Vector3() : box.getCenter(new THREE.Vector3());
        const size = box.isEmpty() ? 1 : Math.max(box.getSize(new THREE.Vector3()).length(), 1e-3);
        this.modelSize = size;
        // `size` is the box's diagonal: the distance at which its bounding sphere just fits.
        const distance = size / (2 * Math.sin((this.camera.fov * Math.PI) / 360));
        const direction = new THREE.Vector3(0.6, 0.45, 1).normalize();
        this.camera.position.copy(center).addScaledVector(direction, distance);
        this.camera.near = distance / 1000;
        this.camera.far = distance * 1000;
        this.camera.updateProjectionMatrix();
        this.controls.target.copy(center);
        this.controls.update();
        for (const marker of this.markers || []) {
            marker.axes.scale.setScalar(size * 0.04 / Math.max(marker.node.object.getWorldScale(new THREE.Vector3()).x, 1e-9));
        }
        this.updateGrid(box, size);
        if (this.options.normals) {
            this.setNormals(true);
        }
        this.requestRender();
    };

    agf.Viewport = Viewport;
})(window.agf);
