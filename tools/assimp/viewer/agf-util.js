// Small helpers shared by the viewer's scripts. Classic scripts, not modules: module scripts
// do not load from file:// pages, and the static gallery must open from disk.
'use strict';
window.agf = window.agf || {};

(function (agf) {
    // A DOM element: tag, attributes (and properties: 'text', 'className', 'on<event>'), children.
    agf.el = function (tag, attributes, children) {
        const element = document.createElement(tag);
        for (const [name, value] of Object.entries(attributes || {})) {
            if (name === 'text') {
                element.textContent = value;
            } else if (name === 'className') {
                element.className = value;
            } else if (name.startsWith('on')) {
                element.addEventListener(name.slice(2), value);
            } else if (value !== undefined && value !== null && value !== false) {
                element.setAttribute(name, value === true ? '' : value);
            }
        }
        for (const child of children || []) {
            element.append(child);
        }
        return element;
    };

    agf.clear = function (element) {
        while (element.firstChild) {
            element.removeChild(element.firstChild);
        }
    };

    agf.formatBytes = function (bytes) {
        if (bytes < 1024) {
            return bytes + ' B';
        }
        const units = ['KB', 'MB', 'GB'];
        let value = bytes / 1024;
        let unit = 0;
        while (value >= 1024 && unit < units.length - 1) {
            value /= 1024;
            ++unit;
        }
        return value.toFixed(value < 10 ? 1 : 0) + ' ' + units[unit];
    };

    agf.formatSeconds = function (seconds) {
        return seconds.toFixed(2) + ' s';
    };

    // A metadata value as text: vectors as "(x y z)", objects as JSON.
    agf.formatValue = function (value) {
        if (Array.isArray(value) && value.length === 3 && value.every((v) => typeof v === 'number')) {
            return '(' + value.map((v) => +v.toPrecision(6)).join(' ') + ')';
        }
        if (typeof value === 'number') {
            return String(+value.toPrecision(9));
        }
        if (value !== null && typeof value === 'object') {
            return JSON.stringify(value);
        }
        return String(value);
    };

    agf.queryParameter = function (name) {
        try {
            return new URLSearchParams(window.location.search).get(name);
        } catch (error) {
            return null;
        }
    };

    agf.base64ToArrayBuffer = function (text) {
        const binary = window.atob(text);
        const bytes = new Uint8Array(binary.length);
        for (let i = 0; i < binary.length; ++i) {
            bytes[i] = binary.charCodeAt(i);
        }
        return bytes.buffer;
    };

    // Texture paths come from game files: Windows separators, "./" prefixes, URL escapes.
    agf.normalizePath = function (path) {
        let text = String(path);
        try {
            text = decodeURI(text);
        } catch (error) {
            // Not an escaped URI: keep it as it is.
        }
        return text.replace(/\\/g, '/').replace(/^(\.\/)+/, '').toLowerCase();
    };
})(window.agf);
