/**
 * The rule analysis line above a rule area's rules, in a module of its own: a screen that shows it without declaring
 * conditions (SSL bypass) does not download the decisions and their action labels (evaluation.ts) with it.
 */
import { FINDING_KIND_LABELS } from '../../schemas/evaluate/finding';
import { analysis } from '../api/analysis';
import { screenFacts, type ScreenFacts } from '../define';

/**
 * The rule analysis of one area as the line above its rules: each finding with the rules involved and why, and the
 * rules that decided no logged request in the last 30 days in one entry.
 */
export const analysisFacts = (area: string): ScreenFacts =>
  screenFacts(analysis, {
    label: 'Rule analysis',
    facts: (answer) => {
      const mine = answer.findings.filter((f) => f.area === area);
      const unused = mine.filter((f) => f.kind === 'unused');
      const facts = mine
        .filter((f) => f.kind !== 'unused')
        .map((f) => ({ label: `${FINDING_KIND_LABELS[f.kind]} (${f.listTitle}, ${f.rule.position}):`, value: f.message }));
      if (unused.length) facts.push({ label: `No match in ${answer.days} days:`, value: unused.map((f) => `"${f.rule.name}"`).join(', ') });
      return facts.length ? facts : [{ label: 'Rule analysis:', value: 'no shadowed, redundant, conflicting or expiring rules' }];
    },
  });
