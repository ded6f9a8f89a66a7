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
import './boot';
import './batches';
import './licences';
import './feedback';
import './runlogs';
import './releases';
