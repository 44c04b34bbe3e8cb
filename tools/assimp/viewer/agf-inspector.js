// The model panel: summary, P3D LODs, animations, morph targets, the node tree (and the bone
// tree), metadata per node and for the scene, and the textures.
'use strict';

(function (agf) {
    function Inspector(viewport, onLod, onClip) {
        this.viewport = viewport;
        this.onLod = onLod;
        this.onClip = onClip;
        this.byId = (id) => document.getElementById(id);
        this.byId('bones-only').addEventListener('change', () => this.showNodeTree());
    }

    Inspector.prototype.section = function (id, shown) {
        this.byId(id).hidden = !shown;
    };

    Inspector.prototype.showSummary = function (report, rendered) {
        const summary = this.byId('summary');
        agf.clear(summary);
        const rows = [['File', report.file], ['Format', report.format], ['Size', agf.formatBytes(report.size || 0)]];
        if (report.boundTo) {
            rows.push(['Shown on', report.boundTo]);
        }
        if (report.counts) {
            const c = report.counts;
            rows.push(['Meshes', c.meshes], ['Bones', c.bones], ['Animations', c.animations]);
            if (c.lods) {
                rows.push(['LODs', c.lods]);
            }
        }
        if (report.units && report.units.name) {
            rows.push(['Units', report.units.name]);
        }
        if (rendered) {
            rows.push(['Drawn', rendered.primitives + ' primitives, ' + rendered.joints + ' joints, ' + rendered.clips + ' clips']);
        }
        if (report.error) {
            rows.push(['Error', report.error]);
        }
        summary.append(agf.el('dl', {}, rows.flatMap(([name, value]) => [agf.el('dt', { text: name }), agf.el('dd', { text: String(value) })])));
    };

    Inspector.prototype.showPickList = function (listId, items, onPick) {
        const list = this.byId(listId);
        agf.clear(list);
        items.forEach((item, index) => {
            list.append(agf.el('li', { onclick: () => onPick(index) }, [
                agf.el('span', { text: item.name }), agf.el('span', { className: 'detail', text: item.detail || '' })]));
        });
    };

    Inspector.prototype.markPicked = function (listId, index) {
        Array.from(this.byId(listId).children).forEach((li, i) => li.classList.toggle('selected', i === index));
    };

    Inspector.prototype.showLods = function (lods) {
        this.section('lod-section', lods.length > 0);
        this.showPickList('lod-list', lods.map((node) => ({ name: node.name, detail: node.subtreeMeshes + ' meshes' })), this.onLod);
    };

    Inspector.prototype.showAnimations = function (clips) {
        this.section('animation-section', clips.length > 0);
        this.showPickList('animation-list', clips.map((clip) => ({ name: clip.name || '(unnamed)', detail: agf.formatSeconds(clip.duration) })), this.onClip);
    };

    Inspector.prototype.showMorphs = function (report) {
        const list = this.byId('morph-list');
        agf.clear(list);
        const meshes = this.viewport.morphMeshes();
        const unused = (report.morphs || []).slice();
        this.section('morph-section', meshes.length > 0);
        for (const { mesh, names } of meshes) {
            // The glb has no target names (Assimp 5.2.5 writes none): take the report's names of
            // a mesh with as many targets.
            const match = unused.findIndex((entry) => entry.targets.length === names.length);
            const labels = match >= 0 && names.every((name) => /^\d+$/.test(name)) ? unused.splice(match, 1)[0].targets : names;
            list.append(agf.el('h3', { className: 'small', text: mesh.name || 'mesh' }));
            labels.forEach((label, index) => {
                const value = agf.el('span', { text: '0.00' });
                const slider = agf.el('input', { type: 'range', min: 0, max: 1, step: 0.01, value: 0 });
                slider.addEventListener('input', () => {
                    value.textContent = (+slider.value).toFixed(2);
                    this.viewport.setMorph(mesh, index, +slider.value);
                });
                list.append(agf.el('div', { className: 'morph' }, [agf.el('span', { text: label, title: label }), slider, value]));
            });
        }
    };

    Inspector.prototype.showTextures = function (report, shownFiles) {
        const list = this.byId('texture-list');
        agf.clear(list);
        const textures = report.textures || [];
        this.section('texture-section', textures.length > 0);
        for (const texture of textures) {
            const shown = texture.file && shownFiles[texture.file];
            const text = texture.written + (shown ? ' \u2192 ' + texture.file : ' \u2014 ' + (texture.note || 'not shown'));
            list.append(agf.el('li', { className: shown ? '' : 'missing', text: text, title: texture.material + ' (' + texture.slot + ')' }));
        }
    };

    Inspector.prototype.showMetadata = function (title, entries) {
        this.byId('metadata-title').textContent = title;
        const table = this.byId('metadata');
        agf.clear(table);
        const keys = Object.keys(entries);
        if (keys.length === 0) {
            table.append(agf.el('tr', {}, [agf.el('td', { text: '(none)' })]));
        }
        for (const key of keys) {
            table.append(agf.el('tr', {}, [agf.el('td', { text: key }), agf.el('td', { text: agf.formatValue(entries[key]) })]));
        }
    };

    // Report metadata plus glb extras (a newer glb writer puts metadata there).
    function metadataOf(reportMeta, userData) {
        const entries = Object.assign({}, reportMeta || {});
        for (const [key, value] of Object.entries(userData || {})) {
            if (key !== 'name' && !(key in entries)) {
                entries[key] = value;
            }
        }
        return entries;
    }

    Inspector.prototype.showScene = function () {
        this.selectTreeItem(null);
        this.showMetadata('Scene metadata', metadataOf(this.report.scene, this.sceneExtras));
    };

    Inspector.prototype.selectNode = function (node) {
        this.selectTreeItem(node);
        this.showMetadata('Node: ' + node.name, metadataOf(node.meta, node.object && node.object.userData));
    };

    Inspector.prototype.selectTreeItem = function (node) {
        for (const item of this.byId('node-tree').querySelectorAll('.selected')) {
            item.classList.remove('selected');
        }
        if (node && node.label) {
            node.label.classList.add('selected');
        }
    };

    agf.Inspector = Inspector;
})(window.agf);
