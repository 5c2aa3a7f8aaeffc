// Photos on each storage driver: upload to 200 (a 1600 px JPEG, so re-encoding is the same work on
// both) and serving a stored photo (whole, and a 64 KB Range), with STORAGE=local and with
// STORAGE=s3 against s3rver on loopback. `npm run bench photos`.
import sharp from 'sharp';
import { startS3Server } from '../support/s3-server.mjs';
import { measure, report, startBenchServer } from './support.mjs';

const jpeg = await sharp({
  create: { width: 1600, height: 1200, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 40 } },
})
  .jpeg({ quality: 80 })
  .toBuffer();

const s3 = await startS3Server();
try {
  for (const [driver, env] of [
    ['local', {}],
    ['s3', s3.env],
  ]) {
    const bench = await startBenchServer(env);
    try {
      const created = await bench.request('/api/news', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: `Bench ${driver}`, description: 'd', about: 'a' }),
      });
      const { id } = await created.json();
      let photo;
      const upload = async () => {
        const form = new FormData();
        form.append('photo', new Blob([jpeg], { type: 'image/jpeg' }), 'photo.jpg');
        const res = await bench.request(`/api/news/${id}/upload`, { method: 'POST', body: form });
        if (res.status !== 200) throw new Error(`upload answered ${res.status}`);
        photo = (await res.json()).photo;
      };
      report(
        `${driver}: upload to 200, 1600×1200 noisy JPEG of ${(jpeg.length / 1024).toFixed(0)} KB`,
        await measure(upload, { times: 15, warmup: 2 }),
      );
      let size = 0;
      const serve = async () => {
        const res = await fetch(bench.baseURL + photo);
        size = (await res.arrayBuffer()).byteLength;
        if (res.status !== 200) throw new Error(`photo answered ${res.status}`);
      };
      const stats = await measure(serve, { times: 200, warmup: 10 });
      report(`${driver}: GET the photo (${(size / 1024).toFixed(0)} KB WebP)`, stats);
      const range = async () => {
        const res = await fetch(bench.baseURL + photo, { headers: { range: 'bytes=0-65535' } });
        await res.arrayBuffer();
        if (res.status !== 206) throw new Error(`range answered ${res.status}`);
      };
      report(`${driver}: GET a 64 KB Range of it`, await measure(range, { times: 200, warmup: 10 }));
    } finally {
      await bench.stop();
    }
  }
} finally {
  await s3.close();
}
