import { can } from '../../auth/access';
import { extendRecord } from '../../crud/extensions';
import { ReceiptsAction } from './ReceiptsAction';
import { SendToHotelsAction } from './SendToHotelsAction';

/**
 * The publishing mechanism on the generated pages (docs/publishing.md): every publishable record's
 * rows that were published get their receipts, and a brand's rows can be sent to its other hotels. The publish and cancel buttons are the records' state
 * actions.
 */
for (const name of ['guestMessage', 'messageNotice', 'subtitle', 'imageMessage', 'questionnaire'] as const) {
  extendRecord(name, {
    rowActions: [
      { key: 'receipts', visible: (s) => can(s.loginInfo, `${name}.read`), when: (row) => Boolean(row.publishedAt), Component: ReceiptsAction },
      // Chosen hotels of the brand: a hotel user has no other hotel to send to.
      { key: 'sendToHotels', visible: (s) => s.loginInfo.user_type !== 3 && can(s.loginInfo, `${name}.create`), Component: SendToHotelsAction },
    ],
  });
}
