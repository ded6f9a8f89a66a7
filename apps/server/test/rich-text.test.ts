import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordTables } from '../src/db/schema/index.js';
import { sanitizeRichText } from '../src/records/sanitize.js';
import { testApp, type Client, type TestApp } from './support/app.js';
import { createTenant, type Tenant } from './support/fixtures.js';
import { multipartBody, png } from './support/images.js';

const FAQ_PERMISSIONS = ['faq.read', 'faq.create', 'faq.update', 'faq.delete'];
const FILE = '/api/files/0a1b2c3d-1111-4222-8333-444455556666';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let categoryId: number;
/** Addresses of pictures uploaded by hotel users of `a` and of `b`. */
let ownPicture: string;
let foreignPicture: string;

async function uploadedPicture(client: Client): Promise<string> {
  const { payload, headers } = multipartBody({ name: 'p.png', data: png(20, 20) });
  const res = await client.request('POST', '/api/files?rule=faqImage', payload, headers);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.url;
}

/** The stored content column, read from the database rather than through the API. */
async function storedContent(id: number): Promise<string> {
  const table = recordTables.faq!;
  const [row] = await t.database.db.select({ content: table.content }).from(table).where(eq(table.id, id));
  return row!.content as string;
}

beforeAll(async () => {
  t = await testApp();
  a = await createTenant(t, FAQ_PERMISSIONS);
  b = await createTenant(t, FAQ_PERMISSIONS);
  ownPicture = await uploadedPicture(a.hotel);
  foreignPicture = await uploadedPicture(b.hotel);
  const category = await a.hotel.post('/api/records/faq-category', { name: `rich-${Date.now()}` });
  categoryId = category.body.data.id;
});

describe('rich text sanitizing', () => {
  it('removes scripts, event handlers, javascript: URLs, frames and style expressions', () => {
    expect(sanitizeRichText('<script>alert(1)</script><p>ok</p>')).toBe('<p>ok</p>');
    expect(sanitizeRichText(`<img src="${FILE}" onerror="alert(1)">`)).toBe(`<img src="${FILE}" />`);
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a><a href=" JaVa&#x53;cript:alert(1)">y</a>')).toBe('<a>x</a><a>y</a>');
    expect(sanitizeRichText('<iframe src="https://example.com"></iframe><p>a</p>')).toBe('<p>a</p>');
    expect(sanitizeRichText('<p style="width: expression(alert(1)); color: red; background: url(javascript:x)">s</p>')).toBe('<p style="color:red">s</p>');
    expect(sanitizeRichText('<svg onload="x()"><script>1</script></svg><object data="x"></object><form><input name="a"></form><style>*{}</style>')).toBe('');
    expect(sanitizeRichText('<div onclick="x()" class="c" id="i">d</div>')).toBe('<div>d</div>');
  });

  it('keeps pictures and video of our own files only', () => {
    expect(sanitizeRichText('<img src="data:image/png;base64,AAAA"><img src="https://example.com/x.png"><img src="//example.com/x.png">')).toBe('');
    expect(sanitizeRichText(`<img src="${FILE}/photo.png" alt="photo" width="300">`)).toBe(`<img src="${FILE}/photo.png" alt="photo" width="300" />`);
    expect(sanitizeRichText(`<video src="${FILE}" controls autoplay></video>`)).toBe(`<video src="${FILE}" controls></video>`);
    expect(sanitizeRichText(`<img src="${FILE}/../../x">`)).toBe('');
  });

  it('keeps ordinary formatting and https links, opening new windows without an opener', () => {
    const html = '<h2>Wi-Fi</h2><p>Name: <b>Guest</b>, <i>no</i> <u>password</u>, <strong>s</strong> <em>e</em></p><ul><li>one</li></ul><ol><li>two</li></ol><p style="text-align:center">c</p>';
    expect(sanitizeRichText(html)).toBe(html);
    expect(sanitizeRichText('<a href="https://example.com/menu" target="_top">menu</a>')).toBe('<a href="https://example.com/menu" target="_blank" rel="noopener noreferrer">menu</a>');
    expect(sanitizeRichText('<a href="mailto:desk@example.com">mail</a>')).toBe('<a href="mailto:desk@example.com">mail</a>');
  });

  it('stores FAQ content cleaned on create and on update', async () => {
    const created = await a.hotel.post('/api/records/faq', {
      title: 'Breakfast',
      categoryId,
      content: `<p onclick="steal()">From <b>7:00</b></p><script>fetch('/api/auth')</script><img src="${ownPicture}" onerror="x()"><iframe src="https://example.com"></iframe>`,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const expected = `<p>From <b>7:00</b></p><img src="${ownPicture}" />`;
    expect(created.body.data.content).toBe(expected);
    expect(await storedContent(created.body.data.id)).toBe(expected);

    const updated = await a.hotel.put(`/api/records/faq/${created.body.data.id}`, { title: 'Breakfast', categoryId, content: '<p>Until <a href="javascript:alert(1)">10:00</a></p>' });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(await storedContent(created.body.data.id)).toBe('<p>Until <a>10:00</a></p>');
  });

  it("refuses pictures of another tenant's files like any foreign id", async () => {
    const before = await a.hotel.get('/api/records/faq?pagesize=200');
    const res = await a.hotel.post('/api/records/faq', { title: 'Borrowed', categoryId, content: `<p>x</p><img src="${foreignPicture}">` });
    expect(res.status).toBe(404);
    // A file the sibling hotel cannot read may not be shown in its row either.
    expect((await a.sibling.post('/api/records/faq', { title: 'Borrowed', categoryId, content: `<img src="${ownPicture}">` })).status).toBe(404);
    expect((await a.hotel.get('/api/records/faq?pagesize=200')).body.data.total).toBe(before.body.data.total);
  });

  it('refuses required content that was nothing but removed markup, in both languages, writing nothing', async () => {
    const before = await a.hotel.get('/api/records/faq?pagesize=200');
    const en = await a.hotel.post('/api/records/faq', { title: 'Empty', categoryId, content: '<script>alert(1)</script><iframe></iframe>' });
    expect(en.status).toBe(422);
    expect(en.body.errors.content).toEqual(['Content is required']);
    const zh = await a.hotel.withLang('zh-CN').post('/api/records/faq', { title: 'Empty', categoryId, content: '<img src="https://example.com/track.gif">' });
    expect(zh.status).toBe(422);
    expect(zh.body.errors.content?.[0]).toMatch(/内容/);
    const after = await a.hotel.get('/api/records/faq?pagesize=200');
    expect(after.body.data.total).toBe(before.body.data.total);
  });
});
