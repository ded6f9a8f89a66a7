import { defineRecord } from '../../record/define.js';
import { file, int, ref, sortField, text } from '../../record/fields.js';

/**
 * Music albums shown on the TVs' music page: a name in three languages and a cover. `tenant` scope as
 * the other content, so a brand's library can own albums too; an album with songs cannot be deleted.
 */
export const musicAlbum = defineRecord({
  name: 'musicAlbum',
  label: { 'zh-CN': '音乐专辑', 'en-US': 'Music album' },
  scope: 'tenant',
  userTypes: [1, 2, 3],
  permission: 'music',
  titleField: 'name',
  titleFieldEn: 'nameEn',
  defaultSort: { field: 'sort', order: 'desc' },
  fields: {
    name: text({ label: { 'zh-CN': '专辑名称', 'en-US': 'Album name' }, required: true, max: 50, search: true, sort: true }),
    nameEn: text({ label: { 'zh-CN': '英文专辑名称', 'en-US': 'English album name' }, required: true, max: 100, search: true }),
    nameTw: text({ label: { 'zh-CN': '繁体专辑名称', 'en-US': 'Traditional Chinese album name' }, max: 50, search: true }),
    coverId: file({ label: { 'zh-CN': '专辑封面', 'en-US': 'Cover' }, upload: 'musicCover', list: true }),
    sort: sortField(),
  },
});

/**
 * Songs of an album. The file is audio checked by its content; its length is read from the file on
 * the server (`duration`, seconds), never taken from the client.
 */
export const musicSong = defineRecord({
  name: 'musicSong',
  label: { 'zh-CN': '音乐', 'en-US': 'Music' },
  scope: 'tenant',
  userTypes: [1, 2, 3],
  permission: 'music',
  titleField: 'name',
  defaultSort: { field: 'sort', order: 'desc' },
  fields: {
    name: text({ label: { 'zh-CN': '音乐名称', 'en-US': 'Music name' }, required: true, max: 100, search: true, sort: true }),
    singer: text({ label: { 'zh-CN': '歌手', 'en-US': 'Singer' }, max: 50, search: true }),
    albumId: ref({ label: { 'zh-CN': '专辑', 'en-US': 'Album' }, record: 'musicAlbum', required: true, filter: true }),
    // Listed: the list plays it in a small player.
    fileId: file({ label: { 'zh-CN': '音乐文件', 'en-US': 'Music file' }, upload: 'musicFile', required: true, list: true }),
    duration: int({ label: { 'zh-CN': '时长(秒)', 'en-US': 'Length (s)' }, readOnly: true, sort: true }),
    sort: sortField(),
  },
});
