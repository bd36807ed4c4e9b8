// Makes the demo's media from server/seed/demo-content.ts into server/seed/demo-media/ (run
// once when the demo's words or people change; the files are committed, so a first start needs
// no speech synthesis — the npm fallback ffmpeg has none):
//   <wave key>.opus        the wave's words, spoken (flite for English, espeak-ng for German),
//                          mono Opus at 24 kbit/s — a few KB per second, decoded by any ffmpeg
//   <username>-avatar.webp  a 512 px portrait tile with the person's initials
//   <username>-cover.webp   a 1000×100 banner
// Needs Debian's ffmpeg (with flite) and espeak-ng: apt-get install -y ffmpeg espeak-ng
// Usage: npx tsx scripts/make-demo-media.ts
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { USERS, WAVES, type DemoWave } from '../server/seed/demo-content.ts';

const out = path.join('server', 'seed', 'demo-media');
mkdirSync(out, { recursive: true });
const work = mkdtempSync(path.join(tmpdir(), 'waves-demo-media-'));

function speak(wave: DemoWave): void {
  const target = path.join(out, `${wave.key}.opus`);
  const encode = ['-ac', '1', '-ar', '24000', '-c:a', 'libopus', '-b:a', '24k', '-vbr', 'on'];
  const quiet = ['-hide_banner', '-loglevel', 'error', '-y'];
  if (wave.voice.startsWith('de+')) {
    const wav = path.join(work, `${wave.key}.wav`);
    execFileSync('espeak-ng', ['-v', wave.voice, '-s', '150', '-w', wav, wave.text]);
    execFileSync('ffmpeg', [...quiet, '-i', wav, ...encode, '-map_metadata', '-1', target]);
  } else {
    const textFile = path.join(work, `${wave.key}.txt`);
    execFileSync('sh', ['-c', 'cat > "$0"', textFile], { input: wave.text });
    const source = `flite=textfile='${textFile.replace(/[\\':]/g, '\\$&')}':voice=${wave.voice}`;
    execFileSync('ffmpeg', [...quiet, '-f', 'lavfi', '-i', source, ...encode, target]);
  }
}

function initialsOf(displayname: string): string {
  return displayname
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

function avatarSvg(displayname: string, hue: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue} 65% 55%)"/>
      <stop offset="1" stop-color="hsl(${(hue + 50) % 360} 70% 38%)"/>
    </linearGradient></defs>
    <rect width="512" height="512" fill="url(#g)"/>
    <circle cx="410" cy="96" r="150" fill="#fff" fill-opacity="0.12"/>
    <circle cx="80" cy="470" r="120" fill="#000" fill-opacity="0.08"/>
    <text x="256" y="256" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, sans-serif"
      font-weight="bold" font-size="210" fill="#fff">${initialsOf(displayname)}</text></svg>`;
}

function coverSvg(hue: number, seed: number): string {
  const wave = (amplitude: number, wavelength: number, phase: number, baseline: number) => {
    const points: string[] = [];
    for (let x = 0; x <= 1000; x += 10) {
      const y = baseline + amplitude * Math.sin(((x + phase) / wavelength) * Math.PI * 2);
      points.push(`${x},${y.toFixed(1)}`);
    }
    return `M0,100 L${points.join(' L')} L1000,100 Z`;
  };
  const layers = [0, 1, 2]
    .map(
      (layer) =>
        `<path d="${wave(8 + ((seed + layer * 3) % 10), 200 + ((seed * 41 + layer * 70) % 240), (seed * 67 + layer * 113) % 400, 40 + layer * 20)}" fill="#fff" fill-opacity="${0.16 + layer * 0.12}"/>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="100">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="hsl(${(hue + 50) % 360} 60% 35%)"/>
      <stop offset="1" stop-color="hsl(${hue} 70% 60%)"/>
    </linearGradient></defs>
    <rect width="1000" height="100" fill="url(#g)"/>${layers}</svg>`;
}

try {
  for (const wave of WAVES) speak(wave);
  for (const [index, user] of USERS.entries()) {
    const hue = Math.round((index * 360) / USERS.length + 15) % 360;
    await sharp(Buffer.from(avatarSvg(user.displayname, hue)))
      .webp({ quality: 82, effort: 6 })
      .toFile(path.join(out, `${user.username}-avatar.webp`));
    await sharp(Buffer.from(coverSvg(hue, index + 3)))
      .webp({ quality: 80, effort: 6 })
      .toFile(path.join(out, `${user.username}-cover.webp`));
  }
  console.log(`demo media written to ${out}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
