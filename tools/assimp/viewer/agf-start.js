// Starts the page when the catalogue arrives, and wires the toolbar, the timeline and the keys.
'use strict';

(function (agf) {
    const POLL_MS = 1000;
    const byId = (id) => document.getElementById(id);
    const main = agf.main;
    const state = main.state;

    function bindToggle(id, key, apply) {
        const box = byId(id);
        box.addEventListener('change', () => apply(box.checked));
        return { box: box, key: key, flip: () => { box.checked = !box.checked; apply(box.checked); } };
    }

    function bindControls() {
        const viewport = state.viewport;
        byId('frame-all').addEventListener('click', () => viewport.frameAll());
        const toggles = [
            bindToggle('toggle-wireframe', 'w', (on) => viewport.setWireframe(on)),
            bindToggle('toggle-normals', 'n', (on) => viewport.setNormals(on)),
            bindToggle('toggle-skeleton', 's', (on) => viewport.setSkeleton(on)),
            bindToggle('toggle-grid', 'g', (on) => viewport.setGrid(on)),
        ];
        byId('clip-select').addEventListener('change', (event) => main.selectClip(+event.target.value, true));
        byId('play-pause').addEventListener('click', () => main.togglePlay());
        byId('scrub').addEventListener('input', (event) => {
            if (viewport.action) {
                viewport.setPaused(true);
                byId('play-pause').textContent = 'Play';
                viewport.seek(+event.target.value);
                main.showTime(+event.target.value);
            }
        });
        viewport.onTime = (seconds) => main.showTime(seconds);
        document.addEventListener('keydown', (event) => onKey(event, toggles));
    }

    function stepLod(step) {
        const count = state.viewport.lods.length;
        if (count) {
            main.selectLod((state.viewport.lodIndex + step + count) % count);
        }
    }

    function onKey(event, toggles) {
        const target = event.target;
        const typing = target.matches && target.matches('input[type=search], input[type=text], input[type=range], select, textarea');
        // A focused checkbox or button takes Space and Enter itself; every other key is ours.
        const activating = target.matches && target.matches('input, button') && (event.key === ' ' || event.key === 'Enter');
        if (event.ctrlKey || event.metaKey || event.altKey || typing || activating) {
            return;
        }
        const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
        const toggle = toggles.find((t) => t.key === key);
        let used = true;
        if (toggle) {
            toggle.flip();
        } else if (key === 'f') {
            state.viewport.frameAll();
        } else if (key === '[' || key === ']') {
            stepLod(key === ']' ? 1 : -1);
        } else if (key === ' ') {
            main.togglePlay();
        } else {
            used = state.browser.onKey(event);
        }
        if (used) {
            event.preventDefault();
        }
    }

    // Counts fill in while the server converts the folder in the background.
    function pollCatalog() {
        if (!state.catalog.files.some((file) => file.state === 'pending')) {
            return;
        }
        setTimeout(function () {
            agf.source.fetchCatalog().then(function (catalog) {
                state.catalog = catalog;
                state.browser.update(catalog.files);
                pollCatalog();
            }, function () {
                main.showMessage('The viewer\'s server does not answer (stopped?).', true);
            });
        }, POLL_MS);
    }

    function openInitialFile() {
        const files = state.catalog.files;
        const wanted = agf.queryParameter('file');
        const index = wanted === null ? 0 : state.browser.indexOf(wanted);
        if (index < 0) {
            main.showMessage(wanted + ' is not a model file of ' + state.catalog.title, true);
            main.setStatus({ file: wanted, error: 'not a model file of the viewed folder' });
            return;
        }
        if (files.length) {
            state.browser.select(index, true);
        }
    }

    function start(catalog) {
        state.started = true;
        state.catalog = catalog;
        agf.source.isStatic = catalog.static;
        document.title = 'assimp view: ' + catalog.title;
        byId('title').textContent = catalog.title;
        byId('title').title = catalog.title;
        if (agf.queryParameter('panels') === '0') {
            document.body.classList.add('viewport-only');
        }
        state.viewport = new agf.Viewport(byId('viewport'), byId('labels'));
        // The view's switches can be set in the address too: ?file=...&wireframe=1&normals=1.
        const switches = { wireframe: 'setWireframe', normals: 'setNormals', skeleton: 'setSkeleton', grid: 'setGrid' };
        for (const [name, setter] of Object.entries(switches)) {
            const value = agf.queryParameter(name);
            if (value === '0' || value === '1') {
                byId('toggle-' + name).checked = value === '1';
                state.viewport[setter](value === '1');
            }
        }
        state.inspector = new agf.Inspector(state.viewport, main.selectLod, (index) => main.selectClip(index, true));
        state.browser = new agf.FileBrowser({
            table: byId('files'), filter: byId('filter'), countLabel: byId('file-count'), onOpen: main.openFile,
        });
        state.browser.setFiles(catalog.files);
        bindControls();
        openInitialFile();
        if (!catalog.static) {
            pollCatalog();
        }
    }

    window.agfViewer = {
        receiveCatalog: function (catalog) {
            if (!state.started) {
                start(catalog);
            }
        },
        receiveModel: function (report, glbBase64, textureUrls) {
            agf.source.receiveModel(report, glbBase64, textureUrls);
        },
    };
})(window.agf);
