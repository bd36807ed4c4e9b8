import { execFileSync } from 'node:child_process';

export interface MediaProbe {
  streams: {
    codec_type: string;
    codec_name: string;
    profile?: string;
    level?: number;
    pix_fmt?: string;
    width?: number;
    height?: number;
    avg_frame_rate?: string;
    bit_rate?: string;
  }[];
  format: { duration: string; format_name: string; bit_rate: string };
}

/** ffprobe's view of a media file: its streams and container. */
export function probeMedia(file: string): MediaProbe {
  const json = execFileSync('ffprobe', [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_streams',
    '-show_format',
    file,
  ]).toString();
  return JSON.parse(json) as MediaProbe;
}
