import { createFileRoute } from '@tanstack/react-router';
import { RecordingHelpDe } from '../features/recording-help/components/recording-help-de.tsx';

export const Route = createFileRoute('/recordinghelp/de')({
  component: RecordingHelpDe,
});
