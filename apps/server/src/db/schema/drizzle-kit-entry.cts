// drizzle-kit only sees tables exported at the top level of a module; record tables are built from
// the declarations at run time, so this entry hands it every table as one flat export object.
import * as core from './core.js';
import * as oem from '../../areas/oem/schema.js';
import { recordTables } from './records.js';
import * as terminals from '../../areas/devices/schema.js';
import * as dashboard from '../../areas/dashboard/schema.js';
import * as material from '../../areas/material/schema.js';
import * as themes from '../../areas/themes/schema.js';
import * as boot from '../../areas/boot/schema.js';
import * as releases from '../../areas/releases/schema.js';
import * as tracking from '../../areas/tracking/schema.js';
import * as settlement from '../../areas/settlement/schema.js';
import * as tasks from '../../areas/tasks/schema.js';
import * as runlogs from '../../areas/runlogs/schema.js';

module.exports = { ...core, ...recordTables, ...terminals, ...oem, ...dashboard, ...material, ...themes, ...boot, ...releases, ...tracking, ...settlement, ...tasks, ...runlogs };
