// The commands page (SPEC §2): command list, auth status bar, detail panel, execute area and history.
import { useMutation } from "@tanstack/react-query";
import { askFirst, BUTTON_LOCK_MS, type CommandDefinition, type ExecuteRequest } from "@trc/protocol";
import { useEffect, useRef, useState } from "react";
import { isGuessLimit } from "../api/errors.ts";
import { useAuth } from "../shared/access/authStore.ts";
import { writeCredentials } from "../shared/access/credentials.ts";
import { useFlags } from "../shared/access/flags.ts";
import { AuthStatus } from "../ui/AuthStatus.tsx";
import { ConfirmDialog } from "../ui/ConfirmDialog.tsx";
import { buildPacket, checkArgs, initialDraft } from "./args.ts";
import { CommandDetail } from "./CommandDetail.tsx";
import { CommandList } from "./CommandList.tsx";
import { availableCount, visibleCommands } from "./commandList.ts";
import { useCommands } from "./commandsStore.ts";
import { ExecuteArea } from "./ExecuteArea.tsx";
import { type ExecuteContext, executeCommand } from "./execute.ts";
import { executeButton, insufficient } from "./executeRule.ts";
import { HistoryPanel } from "./HistoryPanel.tsx";
import { inProgress } from "./history.ts";
import { useCommandList } from "./useCommandList.ts";
import "./commands.css";

export default function CommandsPage() {
  const allFlags = useFlags((s) => s.flags);
  const flags = allFlags.commands;
  const type = useAuth((s) => s.type);
  const level = useAuth((s) => s.level);
  const password = useAuth((s) => s.password);
  const key = useAuth((s) => s.key);
  const { selected, drafts, select, setDraft } = useCommands();
  const busy = useCommands((s) => s.history.some(inProgress));
  const list = useCommandList(flags.useRemoteStore);
  const [locked, setLocked] = useState(false);
  const [confirming, setConfirming] = useState<string | null>(null);
  const lockTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(lockTimer.current), []);

  const all = list.result?.commands ?? [];
  const view = { level, useAuth: flags.useAuth, filterByLevel: flags.filterByLevel };
  const rows = visibleCommands(all, view);
  const def = all.find((c) => c.cmd === selected) ?? null;
  const draft = def ? (drafts[def.cmd] ?? initialDraft(def)) : [];
  const args = def ? checkArgs(def, draft) : { values: [], reasons: [], valid: false };
  const creds = writeCredentials("commands", { auth: { type, password, key }, flags: allFlags });
  const packet = def ? buildPacket(def.cmd, args.values, creds) : null;
  const rule = { level, perm: def?.perm ?? 0, useAuth: flags.useAuth };
  const button = executeButton({
    ...rule,
    selected: !!def,
    argsValid: args.valid,
    allowRegardless: flags.allowExecutionRegardless,
    inProgress: busy,
    locked,
  });

  function lock() {
    setLocked(true);
    clearTimeout(lockTimer.current);
    lockTimer.current = setTimeout(() => setLocked(false), BUTTON_LOCK_MS);
  }

  // The history records each attempt and its answer; a refusal is also thrown as a DeviceError.
  const execute = useMutation({
    mutationFn: (v: { def: CommandDefinition; packet: ExecuteRequest; ctx: ExecuteContext }) =>
      executeCommand(v.def, v.packet, v.ctx),
  });

  function run() {
    if (!def || !packet) return;
    execute.mutate({ def, packet, ctx: { authType: type, authLevel: level, argsValid: args.valid } });
  }

  function onExecute() {
    if (!button.enabled) return;
    lock();
    const question = def ? askFirst(def) : null;
    if (question) setConfirming(question);
    else run();
  }

  function onConfirm(yes: boolean) {
    setConfirming(null);
    if (yes) run();
  }

  return (
    <div className="commands-page">
      <h1>Commands</h1>
      {flags.useAuth && <AuthStatus />}
      <div className="commands-grid">
        <CommandList
          list={list}
          rows={rows}
          selected={selected}
          onSelect={(cmd) => {
            setConfirming(null);
            select(cmd);
          }}
          availableCount={availableCount(all, view)}
          total={all.length}
        />
        <div className="commands-main">
          <CommandDetail
            def={def}
            draft={draft}
            reasons={args.reasons}
            insufficient={!!def && insufficient(rule)}
            useAuth={flags.useAuth}
            onDraft={(d) => def && setDraft(def.cmd, d)}
          />
          <ExecuteArea packet={packet} button={button} onExecute={onExecute} />
          {isGuessLimit(execute.error) && (
            <p className="error-text" role="alert">
              {execute.error.message}
            </p>
          )}
        </div>
        <HistoryPanel />
      </div>
      <ConfirmDialog
        open={!!def && confirming !== null}
        alert
        title={def?.name ?? ""}
        confirmLabel="Yes"
        cancelLabel="No"
        danger
        onConfirm={() => onConfirm(true)}
        onCancel={() => onConfirm(false)}
      >
        <p>{confirming}</p>
      </ConfirmDialog>
    </div>
  );
}
