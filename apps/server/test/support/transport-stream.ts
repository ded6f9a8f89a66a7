/**
 * A real MPEG transport stream built in tests (no encoder needed): PAT, PMT and PES packets carrying
 * an H.264 access unit whose sequence parameter set states `width` x `height`, so a demuxer (MediaInfo)
 * reads the picture size from the stream itself.
 */

/** The CRC-32 of MPEG-2 sections (polynomial 0x04C11DB7, not reflected, no final xor). */
function mpegCrc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte << 24;
    for (let k = 0; k < 8; k++) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
  }
  return crc >>> 0;
}

/** Writes bits and Exp-Golomb codes of an H.264 RBSP. */
class BitWriter {
  private bits: number[] = [];
  u(value: number, count: number) {
    for (let i = count - 1; i >= 0; i--) this.bits.push((value >>> i) & 1);
    return this;
  }
  ue(value: number) {
    const code = value + 1;
    const length = Math.floor(Math.log2(code));
    return this.u(0, length).u(code, length + 1);
  }
  /** The RBSP with its stop bit, with emulation-prevention bytes inserted. */
  bytes(): Buffer {
    this.bits.push(1);
    while (this.bits.length % 8) this.bits.push(0);
    const raw: number[] = [];
    for (let i = 0; i < this.bits.length; i += 8) raw.push(this.bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));
    const out: number[] = [];
    let zeros = 0;
    for (const byte of raw) {
      if (zeros >= 2 && byte <= 3) {
        out.push(3);
        zeros = 0;
      }
      out.push(byte);
      zeros = byte === 0 ? zeros + 1 : 0;
    }
    return Buffer.from(out);
  }
}

/** A baseline-profile sequence parameter set NAL unit for a progressive `width` x `height` picture (4:2:0). */
function sps(width: number, height: number): Buffer {
  const mbWidth = Math.ceil(width / 16);
  const mbHeight = Math.ceil(height / 16);
  const cropRight = (mbWidth * 16 - width) / 2;
  const cropBottom = (mbHeight * 16 - height) / 2;
  const w = new BitWriter()
    .u(66, 8) // profile_idc: baseline
    .u(0xc0, 8) // constraint flags
    .u(51, 8) // level_idc 5.1
    .ue(0) // seq_parameter_set_id
    .ue(0) // log2_max_frame_num_minus4
    .ue(2) // pic_order_cnt_type
    .ue(1) // max_num_ref_frames
    .u(0, 1) // gaps_in_frame_num_value_allowed_flag
    .ue(mbWidth - 1)
    .ue(mbHeight - 1)
    .u(1, 1) // frame_mbs_only_flag
    .u(1, 1); // direct_8x8_inference_flag
  if (cropRight || cropBottom) w.u(1, 1).ue(0).ue(cropRight).ue(0).ue(cropBottom);
  else w.u(0, 1);
  w.u(0, 1); // vui_parameters_present_flag
  return Buffer.concat([Buffer.from([0x67]), w.bytes()]);
}

const START = Buffer.from([0, 0, 0, 1]);
const pps = Buffer.from([0x68, 0xce, 0x38, 0x80]);

function accessUnit(width: number, height: number): Buffer {
  const slice = Buffer.concat([Buffer.from([0x65, 0x88, 0x84, 0x00, 0x33, 0xff]), Buffer.alloc(64, 0x55)]);
  return Buffer.concat([START, Buffer.from([0x09, 0xf0]), START, sps(width, height), START, pps, START, slice]);
}

function section(tableId: number, body: Buffer): Buffer {
  const head = Buffer.from([tableId, 0xb0 | ((body.length + 4) >> 8), (body.length + 4) & 0xff]);
  const withoutCrc = Buffer.concat([head, body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(mpegCrc32(withoutCrc));
  return Buffer.concat([withoutCrc, crc]);
}

/** One 188-byte packet of `pid`; a short payload is padded with an adaptation field of stuffing. */
function packet(pid: number, start: boolean, counter: number, payload: Buffer): Buffer {
  const out = Buffer.alloc(188, 0xff);
  out[0] = 0x47;
  out[1] = (start ? 0x40 : 0) | (pid >> 8);
  out[2] = pid & 0xff;
  const room = 184;
  if (payload.length >= room) {
    out[3] = 0x10 | (counter & 0x0f);
    payload.copy(out, 4, 0, room);
    return out;
  }
  const stuffing = room - payload.length; // adaptation field: length byte + flags + stuffing
  out[3] = 0x30 | (counter & 0x0f);
  out[4] = stuffing - 1;
  if (stuffing > 1) out[5] = 0x00;
  payload.copy(out, 4 + stuffing);
  return out;
}

function pes(frame: Buffer, pts: number): Buffer {
  const ptsBytes = Buffer.from([
    0x21 | ((pts >> 29) & 0x0e),
    (pts >> 22) & 0xff,
    0x01 | ((pts >> 14) & 0xfe),
    (pts >> 7) & 0xff,
    0x01 | ((pts << 1) & 0xfe),
  ]);
  return Buffer.concat([Buffer.from([0, 0, 1, 0xe0, 0, 0, 0x80, 0x80, 5]), ptsBytes, frame]);
}

const PMT_PID = 0x1000;
const VIDEO_PID = 0x100;

/** A transport stream of `frames` H.264 access units of `width` x `height` (25 per second). */
export function h264TransportStream(width: number, height: number, frames = 30): Buffer {
  const pat = Buffer.concat([Buffer.from([0]), section(0x00, Buffer.from([0x00, 0x01, 0xc1, 0x00, 0x00, 0x00, 0x01, 0xe0 | (PMT_PID >> 8), PMT_PID & 0xff]))]);
  const pmt = Buffer.concat([
    Buffer.from([0]),
    section(0x02, Buffer.from([0x00, 0x01, 0xc1, 0x00, 0x00, 0xe0 | (VIDEO_PID >> 8), VIDEO_PID & 0xff, 0xf0, 0x00, 0x1b, 0xe0 | (VIDEO_PID >> 8), VIDEO_PID & 0xff, 0xf0, 0x00])),
  ]);
  const packets: Buffer[] = [];
  let counter = 0;
  for (let i = 0; i < frames; i++) {
    if (i % 10 === 0) packets.push(packet(0, true, i / 10, pat), packet(PMT_PID, true, i / 10, pmt));
    const data = pes(accessUnit(width, height), 90_000 + i * 3600);
    for (let at = 0; at < data.length; at += 184) packets.push(packet(VIDEO_PID, at === 0, counter++, data.subarray(at, at + 184)));
  }
  return Buffer.concat(packets);
}
