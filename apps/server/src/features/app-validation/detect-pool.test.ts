import { afterAll, describe, expect, it } from 'vitest';
import { detectIssues, stopValidationThread } from './detect-pool';

// The detectors run in their own thread (decision 0013, "Off the request thread"): a cold compiler never holds up
// the server's requests (bench/app-validation.ts measures the request thread's longest wait), and a thread that is
// gone is started again by the next validation.
const page = (icon: string) => ({
  path: 'pages/Home.tsx',
  content: `import { ${icon} } from "lucide-react";\nexport default function Home() { return <${icon} className="size-4" />; }\n`,
});

afterAll(() => stopValidationThread());

describe('the validation thread', () => {
  it('answers the detectors’ issues from a thread of its own', async () => {
    await stopValidationThread();
    const result = await detectIssues({ files: [page('Hart')], entityNames: [] });
    expect(result.issues.map((i) => i.message)).toContain(
      '"Hart" is not an icon of lucide-react (did you mean "Heart"?)',
    );
  }, 60_000);

  it('starts again after it was stopped, and takes jobs in turn', async () => {
    await detectIssues({ files: [page('Heart')], entityNames: [] });
    await stopValidationThread();
    const [bad, good] = await Promise.all([
      detectIssues({ files: [page('Hart')], entityNames: [] }),
      detectIssues({ files: [page('Heart')], entityNames: [] }),
    ]);
    expect(bad.issues.filter((i) => i.severity === 'error')).toHaveLength(1);
    expect(good.issues.filter((i) => i.severity === 'error')).toEqual([]);
  }, 60_000);

  it('fails the jobs it held when it is stopped, without an answer', async () => {
    // a new thread: it is still loading the detectors when it is stopped
    await stopValidationThread();
    const job = detectIssues({ files: [page('Heart')], entityNames: [] });
    await stopValidationThread();
    await expect(job).rejects.toThrow('the validation thread exited');
  }, 60_000);
});
