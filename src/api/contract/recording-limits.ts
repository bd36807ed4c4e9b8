/**
 * Recording and upload limits (docs/product/limits.md "Recording and uploads"), zod-free so the recorder's first chunk and
 * the upload queue can share them with the server.
 */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
export const MAX_DURATION_SECONDS = 70 * 60;
export const MAX_ANONYMOUS_DURATION_SECONDS = 10 * 60;

/**
 * The tus endpoint (resumable uploads). Each upload is bound to a wave its caller created:
 * tus metadata `wave_name`, `sha256`, `filetype`, and the wave's upload token in this header.
 */
export const TUS_ENDPOINT = '/api/v1/uploads';
export const UPLOAD_TOKEN_HEADER = 'Upload-Token';

/** The recording and upload texts (docs/product/recording.md "Server checks"). */
export const recordingMessages = {
  captchaRequired: 'captcha required!',
  durationUnknown: 'Unable to determine the audio duration. Please try a different file.',
  metadataUnreadable: 'Unable to load the audio metadata. Please try a different file.',
  uploadFailed: 'Error uploading file',
  tooLarge: 'The file is too large: the maximum is 100 MB.',
  tooLong: 'The recording is too long: the maximum is 70 minutes.',
  tooLongAnonymous: 'Recordings without an account can be at most 10 minutes long.',
  uploadInProgress: 'Upload is already in progress. Please wait.',
  missingReplyTarget: 'Missing wave ID to reply to',
  missingChannel: 'Missing channel ID',
  languageInvalid: 'selected language is not valid',
  cannotReplyToReply: 'CANNOT_REPLY_TO_REPLY',
  replyTargetNotFound: 'The wave you reply to does not exist.',
  channelNotFound: 'channel not found',
  channelNotAllowed: 'You cannot post in this channel.',
  notAudio: 'This file is not a supported audio file.',
  emptyFile: 'The file is empty.',
  truncated: 'The audio file is damaged or incomplete.',
  notYourWave: 'This upload belongs to someone else.',
  alreadyUploaded: 'The audio of this wave was already uploaded.',
} as const;

/** A wave's progress from creation to publication, as the creator sees it. */
export const waveStatuses = ['pending_upload', 'processing', 'published', 'failed'] as const;
export type WaveStatus = (typeof waveStatuses)[number];
