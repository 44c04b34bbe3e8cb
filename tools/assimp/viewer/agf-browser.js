// The file browser: every model file of the folder with format, size and counts, a filter
// box, and keyboard navigation (arrows or j/k choose, Enter opens, / filters).
'use strict';

(function (agf) {
    // Choosing a row with the keyboard opens it after this pause, so that holding an arrow key
    // runs through a folder without converting every file on the way.
    const OPEN_DELAY_MS = 250;

    function FileBrowser(options) {
        this.body = options.table.tBodies[0];
        this.filter = options.filter;
        this.countLabel = options.countLabel;
        this.onOpen = options.onOpen;
        this.files = [];
        this.rows = [];
        this.visible = [];
        this.selected = -1;
        this.opened = -1;
        this.filter.addEventListener('input', () => this.applyFilter());
        this.filter.addEventListener('keydown', (event) => this.onFilterKey(event));
    }

    function countCell(file, key) {
        if (file.state === 'pending') {
            return '\u2026';
        }
        if (file.state === 'failed' || !file.counts) {
            return '\u2013';
        }
        return String(file.counts[key]);
    }

    FileBrowser.prototype.cellsFor = function (file) {
        return [
            { text: file.file, title: file.error ? file.file + '\n' + file.error : file.boundTo ? file.file + ' (on ' + file.boundTo + ')' : file.file },
            { text: file.format, className: 'format' },
            { text: agf.formatBytes(file.size), className: 'number' },
            { text: countCell(file, 'meshes'), className: 'number' },
            { text: countCell(file, 'bones'), className: 'number' },
            { text: countCell(file, 'animations'), className: 'number' },
        ];
    };

    FileBrowser.prototype.setFiles = function (files) {
        this.files = files;
        agf.clear(this.body);
        this.rows = files.map((file, index) => {
            const row = agf.el('tr', { 'data-file': file.file, onclick: () => this.select(index, true) },
                this.cellsFor(file).map((cell) => agf.el('td', cell)));
            this.body.append(row);
            return row;
        });
        this.updateStates();
        this.applyFilter();
    };

    // Counts arrive while the server converts files in the background.
    FileBrowser.prototype.update = function (files) {
        files.forEach((file, index) => {
            const old = this.files[index];
            if (!old || old.file !== file.file || old.state === file.state) {
                return;
            }
            this.files[index] = file;
            this.cellsFor(file).forEach((cell, column) => {
                const td = this.rows[index].cells[column];
                td.textContent = cell.text;
                if (cell.title) {
                    td.title = cell.title;
                }
            });
        });
        this.updateStates();
    };

    FileBrowser.prototype.updateStates = function () {
        this.files.forEach((file, index) => {
            this.rows[index].classList.toggle('failed', file.state === 'failed');
        });
        const pending = this.files.filter((file) => file.state === 'pending').length;
        const shown = this.visible.length;
        this.countLabel.textContent = (shown === this.files.length ? this.files.length + ' files' : shown + ' of ' + this.files.length + ' files') +
            (pending ? ' \u00b7 converting ' + pending + '\u2026' : '');
    };

    FileBrowser.prototype.applyFilter = function () {
        const words = this.filter.value.toLowerCase().split(/\s+/).filter(Boolean);
        this.visible = [];
        this.files.forEach((file, index) => {
            const text = (file.file + ' ' + file.format).toLowerCase();
            const shown = words.every((word) => text.includes(word));
            this.rows[index].hidden = !shown;
            if (shown) {
                this.visible.push(index);
            }
        });
        this.updateStates();
    };

    FileBrowser.prototype.indexOf = function (file) {
        return this.files.findIndex((entry) => entry.file === file);
    };

    FileBrowser.prototype.select = function (index, open) {
        if (this.selected >= 0 && this.rows[this.selected]) {
            this.rows[this.selected].classList.remove('selected');
        }
        this.selected = index;
        const row = this.rows[index];
        if (!row) {
            return;
        }
        row.classList.add('selected');
        this.scrollToRow(row);
        clearTimeout(this.openTimer);
        if (open === true) {
            this.open(index);
        } else if (open === 'later') {
            this.openTimer = setTimeout(() => this.open(index), OPEN_DELAY_MS);
        }
    };

    // Scrolls only the file list: scrollIntoView would scroll the whole page as well.
    FileBrowser.prototype.scrollToRow = function (row) {
        const scroller = this.body.closest('#file-scroll');
        const header = this.body.parentElement.tHead ? this.body.parentElement.tHead.offsetHeight : 0;
        const top = row.offsetTop - header;
        const bottom = row.offsetTop + row.offsetHeight - scroller.clientHeight;
        if (scroller.scrollTop > top) {
            scroller.scrollTop = top;
        } else if (scroller.scrollTop < bottom) {
            scroller.scrollTop = bottom;
        }
    };

    FileBrowser.prototype.open = function (index) {
        if (this.opened >= 0 && this.rows[this.opened]) {
            this.rows[this.opened].classList.remove('open');
        }
        this.opened = index;
        this.rows[index].classList.add('open');
        this.onOpen(this.files[index]);
    };

    // Moves the selection by `step` visible rows (Infinity: to the end).
    FileBrowser.prototype.move = function (step) {
        if (this.visible.length === 0) {
            return;
        }
        let position = this.visible.indexOf(this.selected);
        if (position < 0) {
            position = step > 0 ? -1 : this.visible.length;
        }
        position = Math.max(0, Math.min(this.visible.length - 1, position + step));
        this.select(this.visible[position], 'later');
    };

    FileBrowser.prototype.onFilterKey = function (event) {
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            this.move(event.key === 'ArrowDown' ? 1 : -1);
            event.preventDefault();
        } else if (event.key === 'Enter') {
            if (this.visible.length && this.visible.indexOf(this.selected) < 0) {
                this.select(this.visible[0], true);
            } else if (this.selected >= 0) {
                this.select(this.selected, true);
            }
            event.preventDefault();
        } else if (event.key === 'Escape') {
            this.filter.value = '';
            this.applyFilter();
            this.filter.blur();
        }
    };

    // Keys when no text field has the focus; true when the key was used.
    FileBrowser.prototype.onKey = function (event) {
        const steps = { ArrowDown: 1, j: 1, ArrowUp: -1, k: -1, PageDown: 20, PageUp: -20, Home: -Infinity, End: Infinity };
        if (event.key in steps) {
            this.move(steps[event.key]);
            return true;
        }
        if (event.key === 'Enter' && this.selected >= 0) {
            this.select(this.selected, true);
            return true;
        }
        if (event.key === '/') {
            this.filter.focus();
            this.filter.select();
            return true;
        }
        return false;
    };

    agf.FileBrowser = FileBrowser;
})(window.agf);
