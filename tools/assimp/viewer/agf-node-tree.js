// The node tree of the model panel; with "bones only" it is the bone tree (each bone under its
// nearest bone ancestor). Clicking a node shows its metadata; the tree's top shows the scene's.
'use strict';

(function (agf) {
    const Inspector = agf.Inspector;
    // Node trees of some files have many thousands of nodes; the tree shows this many.
    const MAX_TREE_NODES = 4000;

    function tags(node) {
        const list = [];
        if (node.bone) {
            list.push(agf.el('span', { className: 'tag bone', text: 'bone' }));
        }
        if (node.kind) {
            list.push(agf.el('span', { className: 'tag ' + node.kind, text: node.kind === 'point' ? 'memory point' : node.kind === 'lod' ? 'LOD' : node.kind }));
        }
        if (node.meshes) {
            list.push(agf.el('span', { className: 'tag', text: node.meshes + (node.meshes === 1 ? ' mesh' : ' meshes') }));
        }
        return list;
    }

    // The children of each node (by index) for the whole tree, or for bones only.
    function childLists(nodes, bonesOnly) {
        const children = nodes.map(() => []);
        const roots = [];
        nodes.forEach((node, index) => {
            if (bonesOnly && !node.bone) {
                return;
            }
            let parent = node.parent;
            while (bonesOnly && parent >= 0 && !nodes[parent].bone) {
                parent = nodes[parent].parent;
            }
            (parent >= 0 ? children[parent] : roots).push(index);
        });
        return { children: children, roots: roots };
    }

    Inspector.prototype.showNodeTree = function () {
        const container = this.byId('node-tree');
        agf.clear(container);
        const nodes = (this.report && this.report.nodes) || [];
        const bonesOnly = this.byId('bones-only').checked;
        const { children, roots } = childLists(nodes, bonesOnly);
        let budget = MAX_TREE_NODES;
        const build = (index, depth) => {
            const node = nodes[index];
            const label = agf.el('span', { text: node.name || '(unnamed)', title: node.name }, tags(node));
            label.addEventListener('click', (event) => {
                event.preventDefault();
                this.selectNode(node);
            });
            node.label = label;
            --budget;
            if (children[index].length === 0) {
                return agf.el('li', {}, [agf.el('div', { className: 'leaf' }, [label])]);
            }
            const list = agf.el('ul');
            for (const child of children[index]) {
                if (budget > 0) {
                    list.append(build(child, depth + 1));
                }
            }
            return agf.el('li', {}, [agf.el('details', { open: depth < 2 }, [agf.el('summary', {}, [label]), list])]);
        };
        const top = agf.el('ul');
        const scene = agf.el('span', { text: 'Scene metadata', className: 'small' });
        scene.addEventListener('click', () => this.showScene());
        top.append(agf.el('li', {}, [agf.el('div', { className: 'leaf' }, [scene])]));
        for (const root of roots) {
            if (budget > 0) {
                top.append(build(root, 0));
            }
        }
        if (budget <= 0) {
            top.append(agf.el('li', { className: 'small', text: 'first ' + MAX_TREE_NODES + ' of ' + nodes.length + ' nodes shown' }));
        }
        if (bonesOnly && roots.length === 0) {
            top.append(agf.el('li', { className: 'small', text: 'no bones' }));
        }
        container.append(top);
    };
})(window.agf);
