import { Menu, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { menuRoutes, type AppRoute } from '../app/routes';
import { useSession } from '../auth/session';
import { useLang } from '../locales';

type Item = Required<MenuProps>['items'][number];

/** Side menu generated from the route table: only what the user may open, grouped where declared. */
export function SideMenu({ current, collapsed }: { current?: AppRoute; collapsed: boolean }) {
  const user = useSession();
  const lang = useLang();
  const navigate = useNavigate();
  const items = useMemo(() => {
    const out: Item[] = [];
    const groups = new Map<string, Item[]>();
    for (const route of menuRoutes(user)) {
      const item: Item = { key: route.path, icon: route.icon, label: route.title[lang] };
      if (!route.group) {
        out.push(item);
        continue;
      }
      let children = groups.get(route.group.key);
      if (!children) {
        children = [];
        groups.set(route.group.key, children);
        out.push({ key: `group:${route.group.key}`, icon: route.group.icon, label: route.group.title[lang], children });
      }
      children.push(item);
    }
    return out;
  }, [user, lang]);

  return (
    <Menu
      theme="dark"
      mode="inline"
      items={items}
      selectedKeys={current ? [current.path] : []}
      defaultOpenKeys={current?.group && !collapsed ? [`group:${current.group.key}`] : []}
      onClick={({ key }) => void navigate(key)}
    />
  );
}
