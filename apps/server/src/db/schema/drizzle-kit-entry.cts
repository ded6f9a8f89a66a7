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
import * as pms from '../../areas/pms/schema.js';
import * as wakeup from '../../areas/wakeup/schema.js';
import * as shop from '../../areas/shop/schema.js';
import * as phone from '../../areas/phone/schema.js';
import * as laundry from '../../areas/laundry/schema.js';
import * as publishing from '../../areas/publishing/schema.js';
import * as channels from '../../areas/channels/schema.js';
import * as questionnaires from '../../areas/questionnaires/schema.js';
import * as passwordResets from '../../auth/reset-schema.js';
import * as libresource from '../../areas/libresource/schema.js';
import * as rcu from '../../areas/rcu/schema.js';
import * as robot from '../../areas/robot/schema.js';
import * as hotelsurvey from '../../areas/hotelsurvey/schema.js';
import * as digitalwall from '../../areas/digitalwall/schema.js';

module.exports = { ...core, ...recordTables, ...terminals, ...oem, ...dashboard, ...material, ...themes, ...boot, ...releases, ...tracking, ...settlement, ...tasks, ...runlogs, ...pms, ...wakeup, ...shop, ...phone, ...laundry, ...publishing, ...channels, ...questionnaires, ...passwordResets, ...libresource, ...rcu, ...robot, ...hotelsurvey, ...digitalwall };
