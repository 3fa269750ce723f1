/**
 * The built-in flow inspector (/admin/flows, admins only; issue 57). Every machine in
 * machines/flows.ts drawn from its definition (FlowChart), the runs of it this browser has
 * recorded (flows/recorder.ts: this tab and other open tabs, live), each run's steps with the
 * state and masked context at each one, and a log to export or load. A loaded log is replayed on
 * the machine here (flows/replay.ts), so a flow recorded on a staff member's phone can be followed
 * on a developer's machine. Nothing is fetched: it works offline and installed.
 */
import { Alert, Button, Code, FileButton, Grid, Group, NavLink, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import type { StateValue } from 'xstate';
import { FLOWS } from '../../../../machines/flows';
import { type FlowEntry, type FlowLogFile, isFlowLogFile } from '../../flows/log';
import { loadRecorder } from '../../flows/tab-record';
import { replay } from '../../flows/replay';
import { formatTime } from '../format-time';
import { useAdminText } from '../i18n';
import { saveFile } from '../save-file';
import { FlowChart } from './FlowChart';

const runKey = (entry: FlowEntry) => `${entry.tab}:${entry.actor}`;
const entryKey = (entry: FlowEntry) => `${runKey(entry)}:${entry.at}:${entry.event.type}:${JSON.stringify(entry.state)}`;
const stateText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** What a run is about, where its context names it (an island, a file, a record's kind): told apart in the list. */
function subjectOf(entry: FlowEntry): string | undefined {
  const context = entry.context as { name?: unknown; resource?: unknown } | null;
  const subject = context?.name ?? context?.resource;
  return typeof subject === 'string' && subject !== '' ? subject : undefined;
}

/** Every step recorded in this browser, live: this tab's and other tabs'. */
function useLiveEntries(): FlowEntry[] {
  const [entries, setEntries] = useState<FlowEntry[]>([]);
  useEffect(() => {
    const seen = new Set<string>();
    const add = (more: FlowEntry[]) => {
      const fresh = more.filter((entry) => !seen.has(entryKey(entry)));
      for (const entry of fresh) seen.add(entryKey(entry));
      if (fresh.length > 0) setEntries((before) => [...before, ...fresh].sort((a, b) => a.at - b.at));
    };
    let stop = () => {};
    let left = false;
    // This tab's steps so far are the recorder's once it has taken them over.
    void loadRecorder().then(({ followThisTab, followOtherTabs }) => {
      if (left) return;
      const stopThis = followThisTab(add);
      const stopOthers = followOtherTabs(add);
      stop = () => {
        stopThis();
        stopOthers();
      };
    });
    return () => {
      left = true;
      stop();
    };
  }, []);
  return entries;
}

function download(entries: FlowEntry[]): void {
  const file: FlowLogFile = { kind: 'orgsite-flow-log', version: 1, exportedAt: new Date().toISOString(), entries };
  saveFile(JSON.stringify(file, null, 2), 'application/json', `flows-${formatTime(Date.now(), 'YYYY-MM-DD-HHmmss')}.json`);
}

export function FlowsScreen() {
  const { t } = useAdminText();
  const live = useLiveEntries();
  const [loaded, setLoaded] = useState<{ name: string; entries: FlowEntry[] } | null>(null);
  const [loadError, setLoadError] = useState(false);
  const entries = loaded?.entries ?? live;
  const [machineName, setMachineName] = useState(FLOWS[0]!.name);
  const [runChoice, setRunChoice] = useState<string | null>(null);
  const [stepChoice, setStepChoice] = useState<number | null>(null);

  const flow = FLOWS.find((candidate) => candidate.name === machineName) ?? FLOWS[0]!;
  const runs = useMemo(() => {
    const byRun = new Map<string, FlowEntry[]>();
    for (const entry of entries) {
      if (entry.machine !== flow.machine.id) continue;
      byRun.set(runKey(entry), [...(byRun.get(runKey(entry)) ?? []), entry]);
    }
    return [...byRun.entries()];
  }, [entries, flow]);
  // The latest run unless one was chosen; the latest step unless one was chosen.
  const run = runs.find(([key]) => key === runChoice) ?? runs.at(-1);
  const steps = useMemo(() => run?.[1] ?? [], [run]);
  const step = stepChoice !== null && stepChoice < steps.length ? stepChoice : steps.length - 1;
  const shown = steps[step];
  const replayed = useMemo(() => (loaded && steps.length > 0 ? replay(flow.machine, steps) : null), [loaded, flow, steps]);
  const differs = replayed?.findIndex((result) => !result.same) ?? -1;

  const load = async (file: File | null) => {
    if (!file) return;
    try {
      const data: unknown = JSON.parse(await file.text());
      if (!isFlowLogFile(data)) throw new Error('not a flow log');
      setLoaded({ name: file.name, entries: data.entries });
      setLoadError(false);
      setRunChoice(null);
      setStepChoice(null);
    } catch {
      setLoadError(true);
    }
  };
  const countOf = (id: string) => new Set(entries.filter((entry) => entry.machine === id).map(runKey)).size;

  return (
    <Stack gap="md">
      <Title order={1}>{t('flows.title')}</Title>
      <Text c="dimmed" maw={720}>
        {t('flows.intro')}
      </Text>
      <Group>
        <Text fw={600} data-source={loaded ? 'file' : 'live'}>
          {loaded ? t('flows.loaded', { name: loaded.name }) : t('flows.live')}
        </Text>
        <Button variant="default" onClick={() => download(entries)} disabled={entries.length === 0}>
          {t('flows.export')}
        </Button>
        <FileButton onChange={(file) => void load(file)} accept="application/json,.json">
          {(props) => (
            <Button variant="default" {...props}>
              {t('flows.load')}
            </Button>
          )}
        </FileButton>
        {loaded && (
          <Button variant="subtle" onClick={() => setLoaded(null)}>
            {t('flows.backToLive')}
          </Button>
        )}
      </Group>
      {loadError && (
        <Alert color="red" role="alert">
          {t('flows.loadFailed')}
        </Alert>
      )}
      <Grid>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <nav aria-label={t('flows.machines')} className="flow-machines">
            {FLOWS.map((candidate) => (
              <NavLink
                key={candidate.name}
                component="button"
                label={candidate.name}
                description={candidate.title}
                rightSection={<Text size="xs">{countOf(candidate.machine.id)}</Text>}
                active={candidate.name === flow.name}
                onClick={() => {
                  setMachineName(candidate.name);
                  setRunChoice(null);
                  setStepChoice(null);
                }}
              />
            ))}
          </nav>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Stack gap="sm">
            <Title order={2}>{flow.name}</Title>
            <FlowChart machine={flow.machine} name={flow.name} current={(shown?.state as StateValue | undefined) ?? null} />
            <Title order={3}>{t('flows.runs')}</Title>
            {runs.length === 0 ? (
              <Text c="dimmed">{t('flows.noRuns')}</Text>
            ) : (
              <Select
                aria-label={t('flows.runs')}
                value={run?.[0] ?? null}
                onChange={(value) => {
                  setRunChoice(value);
                  setStepChoice(null);
                }}
                data={runs.map(([key, list]) => ({
                  value: key,
                  label: t('flows.run', {
                    subject: subjectOf(list[0]!) ?? flow.name,
                    tab: list[0]!.tab,
                    time: formatTime(list[0]!.at, 'HH:mm:ss'),
                  }),
                }))}
                allowDeselect={false}
              />
            )}
            {replayed && differs === -1 && <Alert color="green">{t('flows.replaySame')}</Alert>}
            {replayed && differs !== -1 && (
              <Alert color="orange" role="alert">
                {replayed[differs]!.error
                  ? t('flows.replayStopped', { step: differs + 1, reason: replayed[differs]!.error })
                  : t('flows.replayDiffers', { step: differs + 1, state: stateText(replayed[differs]!.state) })}
              </Alert>
            )}
            {steps.length > 0 && (
              <>
                <Title order={3}>{t('flows.log')}</Title>
                <Table.ScrollContainer minWidth={480}>
                  <Table highlightOnHover data-steps={steps.length}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>#</Table.Th>
                        <Table.Th>{t('flows.step.time')}</Table.Th>
                        <Table.Th>{t('flows.step.event')}</Table.Th>
                        <Table.Th>{t('flows.step.state')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {steps.map((entry, index) => (
                        <Table.Tr
                          key={entryKey(entry)}
                          onClick={() => {
                            // A chosen step belongs to its run: a run that starts later (a saved
                            // form reopening at its record's address) must not take the view.
                            if (run) setRunChoice(run[0]);
                            setStepChoice(index);
                          }}
                          aria-selected={index === step}
                          bg={index === step ? 'var(--mantine-primary-color-light)' : undefined}
                          style={{ cursor: 'pointer' }}
                        >
                          <Table.Td>{index + 1}</Table.Td>
                          <Table.Td>{formatTime(entry.at, 'HH:mm:ss')}</Table.Td>
                          <Table.Td>
                            <Code>{entry.event.type}</Code>
                          </Table.Td>
                          <Table.Td data-state-reached>{stateText(entry.state)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
                <Title order={3}>{t('flows.context')}</Title>
                <Code block data-context>
                  {JSON.stringify({ event: shown?.event, context: shown?.context }, null, 2)}
                </Code>
              </>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
