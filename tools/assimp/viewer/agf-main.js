// Puts the viewer together: the catalogue arrives (catalog.js calls agfViewer.receiveCatalog),
// the file browser opens a model, the model goes to the view and the panels, and the page's
// state goes to <pre id="agf-status"> for tests.
'use strict';

(function (agf) {
    const byId = (id) => document.getElementById(id);
    const state = { started: false, loadToken: 0, report: null };

    function setStatus(value) {
        byId('agf-status').textContent = JSON.stringify(value);
    }

    function showMessage(text, isError) {
        const message = byId('message');
        message.textContent = text;
        message.className = isError ? '' : 'info';
        message.hidden = !text;
    }

    // The report's nodes get their three.js objects: glTF node names in file order, matched by
    // occurrence (names may repeat).
    function associateNodes(nodes, root) {
        const objects = new Map();
        root.traverse(function (object) {
            if (object.userData && object.userData.name !== undefined) {
                const list = objects.get(object.userData.name) || [];
                list.push(object);
                objects.set(object.userData.name, list);
            }
        });
        const used = new Map();
        for (const node of nodes) {
            const taken = used.get(node.name) || 0;
            node.object = (objects.get(node.name) || [])[taken] || null;
            used.set(node.name, taken + 1);
            node.subtreeMeshes = 0;
        }
        for (let i = nodes.length - 1; i >= 0; --i) {
            nodes[i].subtreeMeshes += nodes[i].meshes;
            if (nodes[i].parent >= 0) {
                nodes[nodes[i].parent].subtreeMeshes += nodes[i].subtreeMeshes;
            }
        }
    }

    function renderedCounts(gltf) {
        const json = gltf.parser.json;
        const joints = new Set();
        for (const skin of json.skins || []) {
            skin.joints.forEach((joint) => joints.add(joint));
        }
        return {
            primitives: (json.meshes || []).reduce((sum, mesh) => sum + mesh.primitives.length, 0),
            clips: gltf.animations.length,
            joints: joints.size,
        };
    }

    function unitsPerMetre(report, gltf) {
        // A glb writer that records the units in the scene's extras knows best what it wrote.
        const key = report.metaKeys && report.metaKeys.unitScaleFactor;
        const extras = key && gltf.scene.userData ? gltf.scene.userData[key] : undefined;
        const centimetres = typeof extras === 'number' ? extras : report.units && report.units.centimetres;
        return centimetres > 0 ? 100 / centimetres : null;
    }

    function textureResolver(report, textureUrls) {
        const byPath = new Map();
        for (const texture of report.textures || []) {
            if (texture.file && textureUrls[texture.file]) {
                byPath.set(agf.normalizePath(texture.written), textureUrls[texture.file]);
            }
        }
        state.shownTextures = {};
        return function (uri) {
            const url = byPath.get(agf.normalizePath(uri));
            const texture = (report.textures || []).find((t) => agf.normalizePath(t.written) === agf.normalizePath(uri));
            if (url && texture) {
                state.shownTextures[texture.file] = true;
            }
            return url;
        };
    }

    // The LOD named in the address (?lod=Geometry), else the first one with meshes.
    function defaultLod(lods) {
        const named = lods.findIndex((node) => node.name === agf.queryParameter('lod'));
        if (named >= 0) {
            return named;
        }
        const withMeshes = lods.findIndex((node) => node.subtreeMeshes > 0);
        return withMeshes >= 0 ? withMeshes : 0;
    }

    async function showModel(result, token) {
        const report = result.report;
        if (report.error) {
            throw new Error(report.error);
        }
        setStatus({ file: report.file, loading: true, stage: 'parsing' });
        const gltf = await state.viewport.parse(result.glb, textureResolver(report, result.textureUrls));
        if (token !== state.loadToken) {
            return;
        }
        state.report = report;
        const nodes = report.nodes || [];
        associateNodes(nodes, gltf.scene);
        state.viewport.show(gltf, nodes, unitsPerMetre(report, gltf));
        const lods = state.viewport.lods;
        state.inspector.report = report;
        state.inspector.sceneExtras = gltf.scene.userData;
        state.inspector.showLods(lods);
        if (lods.length) {
            selectLod(defaultLod(lods));
        }
        const rendered = renderedCounts(gltf);
        state.inspector.showSummary(report, rendered);
        showClips(gltf.animations);
        state.inspector.showMorphs(report);
        state.inspector.showNodeTree();
        state.inspector.showScene();
        state.inspector.showTextures(report, state.shownTextures);
        byId('grid-label').textContent = state.viewport.gridLabel || '';
        showMessage('');
        const c = report.counts;
        rendered.textures = Object.keys(state.shownTextures).length;
        // Drawn here rather than on the next animation frame: a headless browser on virtual
        // time may never give the page that frame. The status says the model is on screen.
        state.viewport.drawFrame();
        setStatus({ file: report.file, meshes: c.meshes, bones: c.bones, animations: c.animations, lods: c.lods, rendered: rendered });
    }

    function showFailure(file, error, token) {
        if (token !== state.loadToken) {
            return;
        }
        state.viewport.clear();
        showClips([]);
        state.inspector.showLods([]);
        state.inspector.showSummary({ file: file, format: '', size: 0, error: error.message }, null);
        showMessage('Cannot show ' + file + ':\n' + error.message, true);
        setStatus({ file: file, error: error.message });
    }

    function openFile(row) {
        const token = ++state.loadToken;
        // The stage in the status tells a test that timed out where the page was.
        setStatus({ file: row.file, loading: true, stage: 'converting' });
        showMessage('Converting ' + row.file + '\u2026', false);
        try {
            const url = new URL(window.location.href);
            url.searchParams.set('file', row.file);
            window.history.replaceState(null, '', url.href);
        } catch (error) {
            // file:// pages may refuse this; the page works without it.
        }
        agf.source.loadModel(row)
            .then((result) => showModel(result, token))
            .catch((error) => showFailure(row.file, error instanceof Error ? error : new Error(String(error)), token));
    }

    function selectLod(index) {
        state.viewport.selectLod(index);
        state.inspector.markPicked('lod-list', index);
    }

    function showClips(clips) {
        byId('timeline').hidden = clips.length === 0;
        const select = byId('clip-select');
        agf.clear(select);
        clips.forEach((clip, i) => select.append(agf.el('option', { value: i, text: (clip.name || 'animation ' + i) + ' (' + agf.formatSeconds(clip.duration) + ')' })));
        state.inspector.showAnimations(clips);
        state.clips = clips;
        if (clips.length) {
            // ?anim=<index>&t=<seconds> shows that moment of an animation.
            const index = Math.min(clips.length - 1, Math.max(0, +agf.queryParameter('anim') || 0));
            selectClip(index, false);
            const seconds = +agf.queryParameter('t') || 0;
            if (seconds > 0) {
                state.viewport.seek(seconds);
                showTime(seconds);
            }
        }
    }

    function selectClip(index, play) {
        state.viewport.playClip(index);
        state.viewport.setPaused(!play);
        byId('clip-select').value = index;
        byId('scrub').max = Math.max(state.clips[index].duration, 0.001);
        byId('play-pause').textContent = play ? 'Pause' : 'Play';
        state.inspector.markPicked('animation-list', index);
        showTime(0);
    }

    function showTime(seconds) {
        const clip = state.clips[+byId('clip-select').value];
        const duration = clip ? clip.duration : 0;
        byId('scrub').value = duration ? seconds % Math.max(duration, 1e-6) : 0;
        byId('clip-time').textContent = agf.formatSeconds(duration ? seconds % Math.max(duration, 1e-6) : 0) + ' / ' + agf.formatSeconds(duration);
    }

    function togglePlay() {
        const action = state.viewport.action;
        if (!action) {
            return;
        }
        state.viewport.setPaused(!action.paused);
        byId('play-pause').textContent = action.paused ? 'Play' : 'Pause';
    }

    agf.main = { state: state, openFile: openFile, selectLod: selectLod, selectClip: selectClip, showTime: showTime, togglePlay: togglePlay, showMessage: showMessage, setStatus: setStatus };
})(window.agf);
