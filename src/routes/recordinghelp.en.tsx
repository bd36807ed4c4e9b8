import { createFileRoute } from '@tanstack/react-router';
import { RecordingHelpEn } from '../features/recording-help/components/recording-help-en.tsx';

export const Route = createFileRoute('/recordinghelp/en')({
  component: RecordingHelpEn,
});
