/** The feed's icons: decorative (the buttons carry the words), drawn with the text colour. */
const paths = {
  back: 'M15 5l-7 7 7 7',
  heart: 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z',
  dislike:
    'M10 15v4a2 2 0 0 0 2 2l3-7V4H7.3a2 2 0 0 0-2 1.7l-1.2 7A2 2 0 0 0 6 15h4zM15 4h3a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2h-3',
  replies: 'M4 5h16v11H9l-5 4V5z',
  reply: 'M12 3a3 3 0 0 1 3 3v5a3 3 0 0 1-6 0V6a3 3 0 0 1 3-3zM6 11a6 6 0 0 0 12 0M12 17v4',
  share: 'M14 5l6 6-6 6M20 11H9a5 5 0 0 0-5 5v3',
  soundOn: 'M4 9h4l5-4v14l-5-4H4V9zM16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12',
  soundOff: 'M4 9h4l5-4v14l-5-4H4V9zM16 9l5 6M21 9l-5 6',
  play: 'M7 4l13 8-13 8V4z',
  pause: 'M7 4h3v16H7zM14 4h3v16h-3z',
  help: 'M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14M12 17.5v.5M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18z',
  home: 'M4 11l8-7 8 7v9h-5v-6H9v6H4v-9z',
  discover: 'M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18zM15.5 8.5l-2 5-5 2 2-5 5-2z',
  create: 'M12 5v14M5 12h14',
  subs: 'M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM3 20a6 6 0 0 1 12 0M16 5a3 3 0 0 1 0 6M18 14a5 5 0 0 1 3 6',
  library: 'M5 4v16M10 4v16M15 5l4 15',
  plus: 'M12 6v12M6 12h12',
  check: 'M6 12l4 4 8-8',
  close: 'M6 6l12 12M18 6L6 18',
  mail: 'M3 6h18v12H3V6zM3 7l9 6 9-6',
  link: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
  message: 'M4 5h16v11H9l-5 4V5zM8 10h8',
  more: 'M6 12h.01M12 12h.01M18 12h.01',
} as const;

export type FeedIconName = keyof typeof paths;

export function FeedIcon({ name, filled = false }: { name: FeedIconName; filled?: boolean }) {
  return (
    <svg
      className="tiktalk-icon"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={paths[name]} />
    </svg>
  );
}
