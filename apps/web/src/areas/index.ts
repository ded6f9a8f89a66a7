/**
 * Area modules: each registers what it adds to the generated record pages (row actions, toolbar
 * buttons, page overrides) through apps/web/src/crud/extensions.ts and registry.ts. Imported once at
 * start-up.
 */
import './access';
import './tenants';
import './tenants/hotels';
import './devices';
import './oem';
import './pms';
import './boot';
import './batches';
import './licences';
import './feedback';
import './runlogs';
import './releases';
import './faq';
import './music';
import './introduction';
import './wakeup';
import './shop';
import './laundry';
import './publishing';
import './channels';
import './exchange';
import './questionnaires';
import './hotelsurvey';
import './vod';
