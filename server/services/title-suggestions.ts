import { WAVE_TITLE_MAX, WAVE_TITLE_MIN } from '../../src/api/contract/constants.ts';

/**
 * Suggested titles (`ai_headlines`) made from what the wave itself says about it, in its own
 * language (docs/product/recording.md "Editing a wave"). Nothing listens to the audio: there is
 * no speech model offline, so the suggestions use only facts we hold — the first sentence of
 * its description, the wave it answers, its author and channel, its length.
 */
export interface TitleFacts {
  title: string;
  description: string;
  displayname: string;
  username: string;
  channel_name: string;
  /** Whole seconds. */
  duration: number;
  language_code_ui: string;
  parent_title: string | null;
}

const SUGGESTIONS = 3;

/** Cut to the longest title allowed, at a word boundary when there is one, with an ellipsis. */
function fit(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= WAVE_TITLE_MAX) return clean;
  const cut = clean.slice(0, WAVE_TITLE_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > WAVE_TITLE_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

function firstSentence(text: string): string {
  return /^(.+?[.!?])(?:\s|$)/s.exec(text.trim())?.[1] ?? text.trim();
}

export function suggestTitles(facts: TitleFacts): string[] {
  const german = facts.language_code_ui === 'de';
  const name = facts.displayname.trim() || `@${facts.username}`;
  const candidates: string[] = [];
  if (facts.description.trim()) candidates.push(firstSentence(facts.description));
  if (facts.parent_title?.trim()) {
    candidates.push(`${german ? 'AW' : 'Re'}: ${facts.parent_title.trim()}`);
  }
  if (facts.duration > 0) {
    const minutes = Math.round(facts.duration / 60);
    candidates.push(
      facts.duration >= 90
        ? german
          ? `${minutes}-Minuten-Nachricht von ${name}`
          : `A ${minutes}-minute message from ${name}`
        : german
          ? `${facts.duration}-Sekunden-Nachricht von ${name}`
          : `A ${facts.duration}-second message from ${name}`,
    );
  }
  candidates.push(`${name} in #${facts.channel_name}`);

  const current = facts.title.trim().toLowerCase();
  const seen = new Set<string>();
  const suggestions: string[] = [];
  for (const candidate of candidates.map(fit)) {
    const key = candidate.toLowerCase();
    if (candidate.length < WAVE_TITLE_MIN || key === current || seen.has(key)) continue;
    seen.add(key);
    suggestions.push(candidate);
    if (suggestions.length === SUGGESTIONS) break;
  }
  return suggestions;
}
