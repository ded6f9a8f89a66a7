import { records } from '@htv/shared';
import { Tabs } from 'antd';
import { can } from '../../auth/access';
import { useSession } from '../../auth/session';
import { RecordRoute } from '../../crud/RecordRoute';
import { useLang } from '../../locales';

/**
 * `/start_logo/index` (platform): the boot-logo library brands and hotels pick from, and the boot
 * policies: the platform's own in use is every TV's default, below the brands' and hotels' (docs/boot.md).
 */
export default function BootMaterialPage() {
  const lang = useLang();
  const session = useSession();
  const items = [{ key: 'library', label: records.bootLogoLib.label[lang], children: <RecordRoute record={records.bootLogoLib} /> }];
  if (can(session, 'bootConfig.read')) items.push({ key: 'policies', label: records.bootPolicy.label[lang], children: <RecordRoute record={records.bootPolicy} /> });
  return <Tabs items={items} data-testid="boot-material-tabs" />;
}
