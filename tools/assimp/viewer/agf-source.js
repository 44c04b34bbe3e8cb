// Where the page gets its catalogue and models. Served by `assimp view`: JSON and glb over
// HTTP. As a static gallery: each model is a script (models/NNNN-name.js) that calls
// agfViewer.receiveModel, because fetch() is refused on file:// pages.
'use strict';

(function (agf) {
    const waitingScripts = new Map(); // model file -> {resolve, reject}

    function encodedFile(file) {
        return encodeURIComponent(file);
    }

    async function fetchChecked(url, as) {
        const response = await fetch(url, { cache: 'no-store' });
        if (!response.ok) {
            const text = await response.text();
            throw new Error(text.trim() || response.status + ' ' + response.statusText);
        }
        return as === 'json' ? response.json() : response.arrayBuffer();
    }

    async function loadFromServer(row) {
        const report = await fetchChecked('api/model?file=' + encodedFile(row.file), 'json');
        if (report.error) {
            return { report: report, glb: null, textureUrls: {} };
        }
        const glb = await fetchChecked('api/glb?file=' + encodedFile(row.file), 'binary');
        const textureUrls = {};
        for (const texture of report.textures || []) {
            if (texture.viewable && texture.file) {
                textureUrls[texture.file] = 'api/texture?file=' + encodedFile(texture.file);
            }
        }
        return { report: report, glb: glb, textureUrls: textureUrls };
    }

    function loadFromScript(row) {
        return new Promise(function (resolve, reject) {
            waitingScripts.set(row.file, { resolve: resolve, reject: reject });
            const script = document.createElement('script');
            script.src = row.script;
            script.onerror = function () {
                waitingScripts.delete(row.file);
                reject(new Error('cannot load ' + row.script));
            };
            script.onload = function () {
                script.remove();
            };
            document.head.append(script);
        });
    }

    agf.source = {
        isStatic: false,

        // {report, glb (ArrayBuffer or null), textureUrls: {file: url}}
        loadModel: function (row) {
            return this.isStatic ? loadFromScript(row) : loadFromServer(row);
        },

        fetchCatalog: function () {
            return fetchChecked('api/catalog', 'json');
        },

        // Called by a static gallery's model script.
        receiveModel: function (report, glbBase64, textureUrls) {
            const waiting = waitingScripts.get(report.file);
            if (!waiting) {
                return;
            }
            waitingScripts.delete(report.file);
            const glb = report.error ? null : agf.base64ToArrayBuffer(glbBase64);
            waiting.resolve({ report: report, glb: glb, textureUrls: textureUrls || {} });
        },
    };
})(window.agf);
