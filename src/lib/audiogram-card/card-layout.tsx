// The server runs this file through tsx, whose tsconfig lookup does not cover src/: the pragma
// selects React's automatic JSX runtime there, as the client's build does.
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { CSSProperties } from 'react';
import { formatCardDate, formatCardDuration, type CardDateLabels } from './card-format.ts';
import { CARD_GEOMETRY, type CardGeometry, type CardOrientation } from './card-geometry.ts';
import { qrPath } from './card-qr.ts';
import { resamplePeaks } from './waveform-peaks.ts';

/**
 * The audiogram card: one design for the card page (in the browser) and for the server's
 * image and video frames (satori). It is a pure function of its props: no data fetching, no
 * effects, no DOM, and only the CSS satori draws like a browser (flexbox, absolute positions,
 * inline styles). The fixed words come in as `labels`, already translated by the caller.
 */
export interface CardLabels extends CardDateLabels {
  published: string;
  draft: string;
  untitled: string;
  anonymous: string;
  scanToListen: string;
  /** Accessible name of the QR code. */
  qrCode: string;
}

export interface AudiogramCardProps {
  orientation: CardOrientation;
  /** The creator's avatar: a URL the renderer can load, or a data URL. */
  avatarSrc: string;
  title?: string | null;
  username?: string | null;
  displayName?: string | null;
  teamName?: string | null;
  channelName?: string | null;
  description?: string | null;
  durationSeconds: number;
  published: boolean;
  /** When the wave was created (ISO 8601 or epoch ms); bad values print the date labels. */
  created: unknown;
  /** Absolute URL the QR code opens: the wave's public page. */
  qrUrl: string;
  siteName: string;
  labels: CardLabels;
  /** Loudness per bar (0..1); without it the panel shows a quiet line of dots. */
  waveform?: readonly number[] | null;
  /** Month names and time zone of the date (default English, the renderer's zone). */
  locale?: string;
  timeZone?: string;
}

/** The brand's colours (the custom properties of the app's stylesheet), for satori too. */
export const CARD_COLORS = {
  backgroundFrom: '#0b3b37',
  backgroundTo: '#0f766e',
  panel: '#082f2c',
  bars: '#5eead4',
  accent: '#f97316',
  text: '#ffffff',
  textSoft: '#ccfbf1',
  textMuted: '#99d5cc',
  glow: 'rgba(94, 234, 212, 0.22)',
  ink: '#0f1f1c',
  success: '#067647',
  successSoft: '#dcfae6',
  danger: '#b42318',
  dangerSoft: '#fee4e2',
} as const;

const FONT = "Inter, 'Inter Fallback', system-ui, sans-serif";

const row: CSSProperties = { display: 'flex', flexDirection: 'row', alignItems: 'center' };
const column: CSSProperties = { display: 'flex', flexDirection: 'column' };
const oneLine: CSSProperties = {
  display: 'block',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  minWidth: 0,
};
const clamp = (lines: number): CSSProperties => ({
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: lines,
  overflow: 'hidden',
  overflowWrap: 'break-word',
});
const present = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.trim().length > 0;

export function AudiogramCard(props: AudiogramCardProps) {
  const geometry = CARD_GEOMETRY[props.orientation];
  const { width, height, padding, text, lines } = geometry;
  const title = present(props.title) ? props.title.trim() : props.labels.untitled;
  const username = present(props.username) ? props.username : props.labels.anonymous;
  // The text column spans the card, or the waveform's width where the QR code stands beside it.
  const textWidth = props.orientation === 'landscape' ? geometry.panel.width : width - 2 * padding;
  const textTop = padding + geometry.avatar + Math.round(padding / 2);
  const textBottom = geometry.panel.y - Math.round(padding / 2);
  const meta = { display: 'flex', fontSize: text.meta, color: CARD_COLORS.textSoft };
  return (
    <div
      style={{
        position: 'relative',
        display: 'flex',
        width,
        height,
        overflow: 'hidden',
        fontFamily: FONT,
        color: CARD_COLORS.text,
        backgroundColor: CARD_COLORS.backgroundFrom,
        backgroundImage: `radial-gradient(circle at 88% 6%, ${CARD_COLORS.glow} 0%, rgba(94, 234, 212, 0) 42%), linear-gradient(160deg, ${CARD_COLORS.backgroundFrom} 0%, ${CARD_COLORS.backgroundTo} 100%)`,
      }}
    >
      <Creator
        {...props}
        username={username}
        geometry={geometry}
        style={{ position: 'absolute', left: padding, top: padding, width: textWidth }}
      />
      <div
        style={{
          ...column,
          justifyContent: 'flex-end',
          position: 'absolute',
          left: padding,
          top: textTop,
          width: textWidth,
          height: textBottom - textTop,
          overflow: 'hidden',
        }}
      >
        <div style={{ ...row, gap: Math.round(text.meta * 0.6), flexWrap: 'wrap' }}>
          <StatusTag published={props.published} labels={props.labels} size={text.meta} />
          <div style={{ ...meta, fontWeight: 700, color: CARD_COLORS.text }}>
            {formatCardDuration(props.durationSeconds)}
          </div>
          <div style={{ ...meta, color: CARD_COLORS.textMuted }}>·</div>
          <div style={meta}>
            {formatCardDate(props.created, props.labels, {
              ...(props.locale ? { locale: props.locale } : {}),
              ...(props.timeZone ? { timeZone: props.timeZone } : {}),
            })}
          </div>
        </div>
        <div
          style={{
            ...clamp(lines.title),
            marginTop: Math.round(text.title * 0.3),
            fontSize: titleSize(title, text.title),
            fontWeight: 800,
            lineHeight: 1.2,
            letterSpacing: '-0.02em',
          }}
        >
          {title}
        </div>
        {present(props.description) ? (
          <div
            style={{
              ...clamp(lines.body),
              marginTop: Math.round(text.body * 0.5),
              fontSize: text.body,
              lineHeight: 1.35,
              color: CARD_COLORS.textSoft,
            }}
          >
            {props.description.trim()}
          </div>
        ) : null}
      </div>
      <Waveform geometry={geometry} waveform={props.waveform} />
      <Footer {...props} geometry={geometry} />
    </div>
  );
}

/** Short titles grow and long ones shrink, so every title fills its lines without overflowing. */
function titleSize(title: string, base: number): number {
  const scale = title.length <= 12 ? 1.4 : title.length <= 20 ? 1.1 : title.length <= 36 ? 1 : 0.85;
  return Math.round(base * scale);
}

function Creator(
  props: AudiogramCardProps & { username: string; geometry: CardGeometry; style: CSSProperties },
) {
  const { geometry } = props;
  const name = present(props.displayName) ? props.displayName : null;
  const where = [props.teamName, props.channelName ? `#${props.channelName}` : null].filter(
    present,
  );
  return (
    <div style={{ ...row, ...props.style, gap: Math.round(geometry.avatar * 0.2) }}>
      <img
        src={props.avatarSrc}
        alt=""
        width={geometry.avatar}
        height={geometry.avatar}
        style={{
          width: geometry.avatar,
          height: geometry.avatar,
          // The ring inside the size, on every page and in satori (whose images are content-box).
          boxSizing: 'border-box',
          flexShrink: 0,
          borderRadius: geometry.avatar / 2,
          border: `6px solid ${CARD_COLORS.textSoft}`,
          objectFit: 'cover',
          backgroundColor: CARD_COLORS.textSoft,
        }}
      />
      <div style={{ ...column, minWidth: 0, flexGrow: 1, flexShrink: 1, gap: 6 }}>
        {name ? (
          <div style={{ ...oneLine, fontSize: geometry.text.name, fontWeight: 700 }}>{name}</div>
        ) : null}
        <div
          style={{
            ...oneLine,
            fontSize: name ? geometry.text.meta + 2 : geometry.text.name,
            fontWeight: name ? 500 : 700,
            color: name ? CARD_COLORS.bars : CARD_COLORS.text,
          }}
        >
          {`@${props.username}`}
        </div>
        {where.length > 0 ? (
          <div style={{ ...oneLine, fontSize: geometry.text.meta, color: CARD_COLORS.textMuted }}>
            {where.join(' · ')}
          </div>
        ) : null}
      </div>
    </div>
  );
}

function StatusTag({
  published,
  labels,
  size,
}: {
  published: boolean;
  labels: CardLabels;
  size: number;
}) {
  const [background, color] = published
    ? [CARD_COLORS.successSoft, CARD_COLORS.success]
    : [CARD_COLORS.dangerSoft, CARD_COLORS.danger];
  return (
    <div
      style={{
        ...row,
        gap: 12,
        padding: `${Math.round(size * 0.25)}px ${Math.round(size * 0.6)}px`,
        borderRadius: size,
        backgroundColor: background,
        color,
        fontSize: size * 0.9,
        fontWeight: 700,
        letterSpacing: '0.04em',
        textTransform: 'uppercase',
      }}
    >
      <div
        style={{
          width: size * 0.4,
          height: size * 0.4,
          borderRadius: size,
          backgroundColor: color,
        }}
      />
      <div style={{ display: 'flex' }}>{published ? labels.published : labels.draft}</div>
    </div>
  );
}

function Waveform({
  geometry,
  waveform,
}: {
  geometry: CardGeometry;
  waveform: readonly number[] | null | undefined;
}) {
  const { panel, bars } = geometry;
  const levels = resamplePeaks(waveform ?? [], bars.count);
  return (
    <div
      style={{
        position: 'absolute',
        left: panel.x,
        top: panel.y,
        width: panel.width,
        height: panel.height,
        display: 'flex',
        borderRadius: 36,
        backgroundColor: CARD_COLORS.panel,
      }}
    >
      <div
        style={{
          ...row,
          position: 'absolute',
          left: bars.x - panel.x,
          top: bars.y - panel.y,
          width: bars.width,
          height: bars.height,
          gap: bars.gap,
        }}
      >
        {levels.map((level, index) => (
          <div
            key={index}
            style={{
              width: bars.barWidth,
              height: Math.max(bars.barWidth, Math.round(level * bars.height)),
              flexShrink: 0,
              borderRadius: bars.barWidth / 2,
              backgroundColor: CARD_COLORS.bars,
            }}
          />
        ))}
      </div>
    </div>
  );
}

function Footer(props: AudiogramCardProps & { geometry: CardGeometry }) {
  const { geometry } = props;
  const { width, height, padding } = geometry;
  const qr = qrPath(props.qrUrl);
  const tilePadding = Math.round(geometry.qr * 0.08);
  const tile = geometry.qr + 2 * tilePadding;
  return (
    <>
      <div
        style={{
          ...row,
          position: 'absolute',
          left: padding,
          bottom: padding,
          gap: 20,
          fontSize: geometry.text.site,
          fontWeight: 800,
          letterSpacing: '-0.01em',
        }}
      >
        <LogoMark size={Math.round(geometry.text.site * 1.5)} />
        <div style={{ display: 'flex' }}>{props.siteName}</div>
      </div>
      <div
        style={{
          ...column,
          alignItems: 'center',
          position: 'absolute',
          right: padding,
          ...(props.orientation === 'landscape'
            ? { top: Math.round((height - tile - geometry.text.meta * 2) / 2) }
            : { bottom: padding }),
          gap: 14,
        }}
      >
        <div
          style={{
            display: 'flex',
            padding: tilePadding,
            borderRadius: Math.round(tilePadding * 1.5),
            backgroundColor: '#ffffff',
          }}
        >
          <svg
            width={geometry.qr}
            height={geometry.qr}
            viewBox={`0 0 ${qr.size} ${qr.size}`}
            shapeRendering="crispEdges"
            role="img"
            aria-label={props.labels.qrCode}
          >
            <path d={qr.d} fill={CARD_COLORS.ink} />
          </svg>
        </div>
        <div
          style={{
            display: 'flex',
            fontSize: geometry.text.meta * 0.85,
            fontWeight: 600,
            color: CARD_COLORS.textSoft,
            maxWidth: Math.max(tile, width / 4),
          }}
        >
          {props.labels.scanToListen}
        </div>
      </div>
    </>
  );
}

/** The site's mark (five sound bars in a rounded square), drawn with boxes. */
function LogoMark({ size }: { size: number }) {
  const unit = size / 64;
  const bar = (height: number, color: string = CARD_COLORS.backgroundTo) => ({
    width: 6 * unit,
    height: height * unit,
    borderRadius: 3 * unit,
    backgroundColor: color,
  });
  return (
    <div
      style={{
        ...row,
        justifyContent: 'center',
        gap: 4 * unit,
        width: size,
        height: size,
        borderRadius: 16 * unit,
        backgroundColor: '#ffffff',
      }}
    >
      {[12, 28, 40, 24].map((height, index) => (
        <div key={index} style={bar(height)} />
      ))}
      <div style={bar(10, CARD_COLORS.accent)} />
    </div>
  );
}
