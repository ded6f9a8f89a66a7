import { ROUTE_TABLE, type Lang } from '@htv/shared';
import type { ExternalLinks } from '@htv/shared/areas/statistics/index';
import type { MenuProps } from 'antd';
import { routeIcon } from '../../app/icons';
import { can, type LoginInfo } from '../../auth/access';

import { useExternalLinks } from './api';

type Item = Required<MenuProps>['items'][number];

/**
 * Menu items of the route table's external entries (vod_platform, operation_platform) the user may
 * open and whose URL is configured (VOD_PLATFORM_URL, OPERATION_PLATFORM_URL): links opening a new tab.
 */
export function useExternalMenuItems(user: LoginInfo, lang: Lang): Item[] {
  const entries = ROUTE_TABLE[user.user_type].filter((e) => e.external && !e.group && (!e.permission || can(user, e.permission)));
  const links = useExternalLinks(entries.length > 0).data;
  if (!links) return [];
  return entries.flatMap((e) => {
    const url = links[e.external as keyof ExternalLinks];
    if (!url) return [];
    return [
      {
        key: `external:${e.external}`,
        icon: routeIcon(e.icon),
        label: (
          <a href={url} target="_blank" rel="noopener noreferrer">
            {e.title[lang]}
          </a>
        ),
      },
    ];
  });
}
