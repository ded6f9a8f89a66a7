import { WarningFilled } from '@ant-design/icons';
import type { ThemeDocument } from '@htv/shared/areas/themes/index';
import { Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useState } from 'react';
import { useThemeText } from '../locales';
import { CHILD_LISTS, moveTarget, pathOf, placeKey, placeOfKey, type MoveTarget, type Node, type Place } from './documentTree';
import type { Problems } from './useDraftEditor';

/** The node's title, marked when the server found a problem on it or below it. */
export function NodeTitle({ node, place, problems }: { node: Node; place: Place; problems: Problems }) {
  const path = pathOf(place);
  const own = !!problems[path] || Object.keys(problems).some((p) => p.startsWith(`${path}.`));
  const text = place.length === 4 ? `${String(node.type)} · ${String(node.key)}` : `${String(node.name ?? node.key)}`;
  return (
    <Typography.Text type={own ? 'danger' : undefined}>
      {own && <WarningFilled data-testid="tree-problem" style={{ marginRight: 4 }} />}
      {text}
    </Typography.Text>
  );
}

/** A drop's place relative to the node it is dropped on: before it (-1), into it (0) or after it (1). */
const relative = (dropPosition: number, pos: string) => Math.sign(dropPosition - Number(pos.split('-').at(-1))) as -1 | 0 | 1;

/**
 * The layers panel: the document as a tree of layouts, pages, containers and blocks. Choosing a node
 * selects it here and on the canvas; the canvas's selection shows here. Nodes are dragged to reorder
 * them or move them under another parent of the same kind (`moveTarget`: the document's rules);
 * where the document forbids a drop the tree shows none.
 */
export function LayersTree({ doc, selectedKeys, problems, onSelect, onMove }: { doc: ThemeDocument; selectedKeys: string[]; problems: Problems; onSelect: (place: Place) => void; onMove?: (from: Place, to: MoveTarget) => void }) {
  const m = useThemeText();
  // Nodes are open unless closed by hand, so a node just added shows at once.
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const treeOf = (node: Node, place: Place): DataNode => {
    const children = place.length < 4 ? ((node[CHILD_LISTS[place.length]!] as Node[] | undefined) ?? []) : [];
    return { key: placeKey(place), title: <NodeTitle node={node} place={place} problems={problems} />, children: children.map((child, index) => treeOf(child, [...place, index])) };
  };
  const tree: DataNode[] = [{ key: 'theme', title: <Typography.Text strong>{doc.theme.name || m('themeNode')}</Typography.Text>, children: doc.layouts.map((layout, index) => treeOf(layout as unknown as Node, [index])) }];
  const allKeys: string[] = [];
  const collect = (nodes: DataNode[]) => nodes.forEach((n) => (allKeys.push(String(n.key)), collect(n.children ?? [])));
  collect(tree);
  return (
    <Tree
      treeData={tree}
      showLine
      multiple
      expandedKeys={allKeys.filter((key) => !collapsed.has(key))}
      onExpand={(keys) => setCollapsed(new Set(allKeys.filter((key) => !keys.includes(key))))}
      selectedKeys={selectedKeys}
      onSelect={(_, info) => onSelect(placeOfKey(String(info.node.key)))}
      draggable={onMove ? { icon: false, nodeDraggable: (node) => node.key !== 'theme' } : false}
      allowDrop={({ dragNode, dropNode, dropPosition }) => !!moveTarget(doc, placeOfKey(String(dragNode.key)), placeOfKey(String(dropNode.key)), dropPosition as -1 | 0 | 1)}
      onDrop={(info) => {
        const from = placeOfKey(String(info.dragNode.key));
        const target = moveTarget(doc, from, placeOfKey(String(info.node.key)), info.dropToGap ? relative(info.dropPosition, info.node.pos) || 1 : 0);
        if (target) onMove?.(from, target);
      }}
      data-testid="theme-tree"
    />
  );
}
