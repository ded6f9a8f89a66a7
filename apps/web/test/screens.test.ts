import { records, ROUTE_TABLE, type UserType } from '@htv/shared';
import { describe, expect, it } from 'vitest';
import { PUBLIC_SCREENS, SCREENS } from '../src/app/screens';

/** Route-table pages that no screen implements yet (neither routed nor in the menu). Remove a path here when its screen is built. */
const NOT_BUILT: Record<UserType, string[]> = {
  1: [],
  2: [],
  3: [],
};

describe('the route table’s pages', () => {
  for (const type of [1, 2, 3] as const) {
    it(`of user type ${type} all have a screen, but the ones not built yet`, () => {
      const missing = ROUTE_TABLE[type]
        .filter((e) => !e.group && !e.external && !(e.record && e.record in records) && !SCREENS[e.path] && !PUBLIC_SCREENS[e.path])
        .map((e) => e.path);
      expect(missing).toEqual(NOT_BUILT[type]);
    });
  }

  it('the public routes of the spec have their screens', () => {
    for (const path of ['/repwd', '/h5_bind_tv', '/h5_remote_tv', '/castscreen', '/h5_washing', '/h5_washing_lg', '/h5_washing/start', '/h5_washing/complete', '/h5_washing/complete_lg', '/fb/index']) {
      expect(PUBLIC_SCREENS[path], path).toBeDefined();
    }
  });
});
