import { EvaluationPage } from '@/features/evaluations/components/evaluation-page';
// the whole app's stylesheet, after the first one (see public.css)
import '@/index.css';

export function EvaluationRoute() {
  return <EvaluationPage />;
}
