// Package process starts bot programs, talks to them over stdin/stdout with
// the line protocol, times them, and stops them. It is the only place that
// runs other programs. Every way a bot can misbehave ends as a
// *referee.Fault with a reason, never as a hang of the referee.
package process

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"

	"cardref/protocol"
	"cardref/referee"
)

// Defaults for a Spec.
const (
	DefaultStartup    = 10 * time.Second
	DefaultGrace      = 500 * time.Millisecond
	DefaultStderrTail = 4 << 10
	// Margin is added to every time limit against scheduler jitter.
	Margin = 50 * time.Millisecond
)

// Spec says how to run a bot.
type Spec struct {
	Name       string
	Argv       []string // the program and its arguments
	Dir        string   // working folder; "" for the referee's own
	Env        []string // extra KEY=VALUE entries
	Startup    time.Duration
	MoveLimit  time.Duration // told to the bot in hello; the runner enforces it per request
	TimeBank   time.Duration // told to the bot in hello
	Grace      time.Duration // between a polite stop and SIGKILL
	MaxLine    int           // longest line the bot may send
	StderrTail int           // bytes of stderr kept for fault reports
	// Wire, if set, receives every line exchanged: "> " and the line for
	// what the referee sent, "< " and the line for what the bot wrote.
	Wire io.Writer
	// Limits, if set, runs the bot in the sandbox with these limits.
	Limits *Limits
	// Hide lists folders the bot may not see (other bots' folders), where
	// the sandbox can hide them.
	Hide []string
	// PauseIdle stops the bot (SIGSTOP) while it is not its turn, so that it
	// cannot think on the others' time.
	PauseIdle bool
	// Lenient keeps a bot running after a timeout or a garbled answer, for
	// the substitute policy: its late answers are dropped.
	Lenient bool
}

func (s *Spec) defaults() {
	if s.Startup <= 0 {
		s.Startup = DefaultStartup
	}
	if s.Grace <= 0 {
		s.Grace = DefaultGrace
	}
	if s.MaxLine <= 0 {
		s.MaxLine = protocol.DefaultMaxLine
	}
	if s.StderrTail <= 0 {
		s.StderrTail = DefaultStderrTail
	}
}

type line struct {
	b   []byte
	err error
}

// Bot is a running bot process.
type Bot struct {
	spec   Spec
	cmd    *exec.Cmd
	pgid   int
	stdin  *os.File
	stdout *os.File
	lines  chan line
	exited chan struct{}
	stderr *tail
	// stderrDone is closed when all of the bot's stderr has been read.
	stderrDone chan struct{}
	jail       *jail
	late       map[int64]bool // requests that timed out, whose answers are dropped
	paused     bool

	wireMu sync.Mutex

	mu       sync.Mutex
	waitErr  error
	stopped  bool
	broken   *referee.Fault // the first fault; the bot is unusable after it
	lastID   int64
	answered map[int64]bool
}

// Start runs the bot and performs the hello/ready handshake within the
// startup limit. On any failure the process is already stopped and the
// error is a *referee.Fault.
func Start(ctx context.Context, spec Spec, hello protocol.Hello) (*Bot, error) {
	spec.defaults()
	if len(spec.Argv) == 0 {
		return nil, &referee.Fault{Kind: referee.FaultCrash, Reason: "no command to run"}
	}
	b := &Bot{spec: spec, lines: make(chan line, 4), exited: make(chan struct{}), stderrDone: make(chan struct{}),
		stderr: &tail{max: spec.StderrTail}, answered: map[int64]bool{}}
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		outR.Close()
		outW.Close()
		return nil, err
	}
	argv, attr := spec.Argv, sysProcAttr()
	if spec.Limits != nil {
		b.jail = &jail{limits: *spec.Limits}
		if argv, attr, err = b.jail.wrap(spec.Argv, spec.Hide); err != nil {
			inR.Close()
			inW.Close()
			outR.Close()
			outW.Close()
			errR.Close()
			errW.Close()
			return nil, fmt.Errorf("cannot set up the sandbox: %w", err)
		}
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = spec.Dir
	cmd.Env = append(os.Environ(), spec.Env...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
	cmd.SysProcAttr = attr
	err = cmd.Start()
	inR.Close()
	outW.Close()
	errW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		errR.Close()
		if b.jail != nil {
			b.jail.release()
		}
		return nil, &referee.Fault{Kind: referee.FaultCrash, Reason: fmt.Sprintf("cannot start %q: %v", strings.Join(spec.Argv, " "), err)}
	}
	b.cmd, b.pgid, b.stdin, b.stdout = cmd, cmd.Process.Pid, inW, outR
	b.late = map[int64]bool{}
	if b.jail != nil {
		b.jail.started(cmd.Process.Pid)
	}
	go b.readLines(protocol.NewLineReader(outR, spec.MaxLine))
	go func() {
		_, _ = io.Copy(b.stderr, errR)
		errR.Close()
		close(b.stderrDone)
	}()
	go func() {
		err := cmd.Wait()
		b.mu.Lock()
		b.waitErr = err
		b.mu.Unlock()
		close(b.exited)
	}()

	if err := b.send(hello); err != nil {
		return nil, b.fail(b.crash("it closed its input before the handshake"))
	}
	raw, f := b.receive(ctx, spec.Startup, "the ready message")
	if f != nil {
		return nil, b.fail(f)
	}
	var ready protocol.Ready
	if err := protocol.Decode(raw, protocol.TypeReady, &ready); err != nil {
		return nil, b.fail(&referee.Fault{Kind: referee.FaultMalformed, Reason: "bad answer to hello: " + err.Error()})
	}
	if ready.Protocol != 0 && ready.Protocol != protocol.Version {
		return nil, b.fail(&referee.Fault{Kind: referee.FaultMalformed,
			Reason: fmt.Sprintf("the bot speaks protocol %d; this referee speaks protocol %d", ready.Protocol, protocol.Version)})
	}
	if f := b.networkBreach(); f != nil {
		return nil, b.fail(f)
	}
	b.pause()
	return b, nil
}

func (b *Bot) readLines(r *protocol.LineReader) {
	for {
		l, err := r.ReadLine()
		if err != nil {
			b.lines <- line{err: err}
			close(b.lines)
			return
		}
		b.wire("< ", l)
		b.lines <- line{b: append([]byte(nil), l...)}
	}
}

func (b *Bot) wire(dir string, l []byte) {
	if b.spec.Wire == nil {
		return
	}
	b.wireMu.Lock()
	defer b.wireMu.Unlock()
	_, _ = fmt.Fprintf(b.spec.Wire, "%s%s\n", dir, bytes.TrimSuffix(l, []byte("\n")))
}

// send writes one message; a bot that does not read its input for the
// whole move limit is stuck.
func (b *Bot) send(v any) error {
	msg, err := protocol.Encode(v)
	if err != nil {
		return err
	}
	b.wire("> ", msg)
	_ = b.stdin.SetWriteDeadline(time.Now().Add(b.spec.Startup))
	_, err = b.stdin.Write(msg)
	return err
}

// receive waits for the next line within limit.
func (b *Bot) receive(ctx context.Context, limit time.Duration, what string) ([]byte, *referee.Fault) {
	timer := time.NewTimer(limit + Margin)
	defer timer.Stop()
	exited := b.exited
	for {
		select {
		case l, ok := <-b.lines:
			if !ok || l.err != nil {
				if l.err != nil && errors.Is(l.err, protocol.ErrLineTooLong) {
					return nil, &referee.Fault{Kind: referee.FaultMalformed, Reason: fmt.Sprintf("while waiting for %s: %v", what, l.err)}
				}
				return nil, b.crash(fmt.Sprintf("it closed its output while the referee waited for %s", what))
			}
			return l.b, nil
		case <-exited:
			// Give a line written just before the exit a moment to arrive.
			exited = nil
			timer.Reset(100 * time.Millisecond)
			limit = -1
		case <-timer.C:
			if limit < 0 {
				return nil, b.crash(fmt.Sprintf("it exited while the referee waited for %s", what))
			}
			return nil, &referee.Fault{Kind: referee.FaultTimeout, Reason: fmt.Sprintf("no %s within %v", what, limit)}
		case <-ctx.Done():
			return nil, &referee.Fault{Kind: referee.FaultTimeout, Reason: "the referee was stopped: " + ctx.Err().Error()}
		}
	}
}

// crash describes how the process ended, waiting briefly for its exit
// status.
func (b *Bot) crash(what string) *referee.Fault {
	f := &referee.Fault{Kind: referee.FaultCrash, Reason: what}
	select {
	case <-b.exited:
		f.Exit = b.exitStatus()
	case <-time.After(b.spec.Grace):
		f.Exit = "still running"
	}
	return f
}

// networkBreach is a limit fault if the bot tried to use the network.
func (b *Bot) networkBreach() *referee.Fault {
	if b.jail == nil || b.jail.limits.Network {
		return nil
	}
	if why := b.jail.breach(0, 0); strings.Contains(why, "network") {
		return &referee.Fault{Kind: referee.FaultLimit, Reason: why}
	}
	return nil
}

// cpuTime is the CPU time the bot's process used, once it has ended.
func (b *Bot) cpuTime() time.Duration {
	b.mu.Lock()
	defer b.mu.Unlock()
	if st := b.cmd.ProcessState; st != nil {
		return st.UserTime() + st.SystemTime()
	}
	return 0
}

func (b *Bot) exitSignal() syscall.Signal {
	b.mu.Lock()
	defer b.mu.Unlock()
	if st := b.cmd.ProcessState; st != nil {
		if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return ws.Signal()
		}
	}
	return 0
}

// pause stops an idle bot, if asked to.
func (b *Bot) pause() {
	if b.spec.PauseIdle && !b.paused {
		if syscall.Kill(-b.pgid, syscall.SIGSTOP) == nil {
			b.paused = true
		}
	}
}

// resume lets a paused bot run again.
func (b *Bot) resume() {
	if b.paused {
		_ = syscall.Kill(-b.pgid, syscall.SIGCONT)
		b.paused = false
	}
}

func (b *Bot) exitStatus() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	st := b.cmd.ProcessState
	if st == nil {
		return ""
	}
	if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return "killed by signal " + ws.Signal().String()
	}
	return fmt.Sprintf("exit status %d", st.ExitCode())
}

// fail stops the bot after a fault and returns the fault with its stderr.
// A fault caused by going past a sandbox limit is reported as a limit.
func (b *Bot) fail(f *referee.Fault) *referee.Fault {
	b.Kill()
	// Its last words may still be in the pipe: read them, unless a stray
	// process keeps stderr open.
	select {
	case <-b.stderrDone:
	case <-time.After(250 * time.Millisecond):
	}
	f.Stderr = b.stderr.String()
	if f.Exit == "" {
		f.Exit = b.exitStatus()
	}
	if b.jail != nil {
		if why := b.jail.breach(b.exitSignal(), b.cpuTime()); why != "" {
			f.Reason = why + " (" + f.Reason + ")"
			f.Kind = referee.FaultLimit
		}
		b.jail.release()
	}
	b.mu.Lock()
	if b.broken == nil {
		b.broken = f
	}
	b.mu.Unlock()
	return f
}

// Broken is the fault that made the bot unusable, if any.
func (b *Bot) Broken() *referee.Fault {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.broken
}

// Send delivers a message that needs no answer (game_start, error,
// game_over). A bot that cannot take it is faulted.
func (b *Bot) Send(v any) error {
	if f := b.Broken(); f != nil {
		return f
	}
	b.resume()
	defer b.pause()
	return b.deliver(v)
}

func (b *Bot) deliver(v any) error {
	if err := b.unsolicited(); err != nil {
		return err
	}
	if err := b.send(v); err != nil {
		return b.fail(b.crash("it stopped reading its input"))
	}
	return nil
}

// floodLines is how many lines nobody asked for make a flood.
const floodLines = 4

// unsolicited faults the bot if it wrote lines nobody asked for (answering
// a request twice, say). Late answers to requests that timed out are
// dropped. Many such lines are an output flood, a limit fault.
func (b *Bot) unsolicited() error {
	var stray [][]byte
	for len(stray) < floodLines {
		select {
		case l, ok := <-b.lines:
			if !ok || l.err != nil {
				if l.err != nil && errors.Is(l.err, protocol.ErrLineTooLong) {
					return b.fail(&referee.Fault{Kind: referee.FaultMalformed, Reason: l.err.Error()})
				}
				return b.fail(b.crash("it closed its output"))
			}
			if b.isLate(l.b) {
				continue
			}
			stray = append(stray, l.b)
			continue
		default:
		}
		break
	}
	switch {
	case len(stray) >= floodLines:
		return b.fail(&referee.Fault{Kind: referee.FaultLimit,
			Reason: fmt.Sprintf("it flooded its output with lines nobody asked for, starting %s", protocol.Quote(stray[0]))})
	case len(stray) > 0:
		return b.fail(&referee.Fault{Kind: referee.FaultMalformed, Reason: b.explainStray(stray[0])})
	}
	return nil
}

// flooding reports whether more lines are already waiting after a bad one:
// a bot writing junk as fast as it can.
func (b *Bot) flooding() bool {
	deadline := time.After(20 * time.Millisecond)
	for n := 1; n < floodLines; n++ {
		select {
		case l, ok := <-b.lines:
			if !ok || l.err != nil {
				return false
			}
		case <-deadline:
			return false
		}
	}
	return true
}

// isLate reports (and forgets) a late answer to a request that timed out.
func (b *Bot) isLate(l []byte) bool {
	var reply protocol.MoveReply
	if protocol.Decode(l, protocol.TypeMove, &reply) == nil && b.late[reply.ID] {
		delete(b.late, reply.ID)
		return true
	}
	return false
}

func (b *Bot) explainStray(l []byte) string {
	var reply protocol.MoveReply
	if protocol.Decode(l, protocol.TypeMove, &reply) == nil && b.answered[reply.ID] {
		return fmt.Sprintf("it answered request %d twice; send exactly one move per request", reply.ID)
	}
	return "it wrote a line nobody asked for: " + protocol.Quote(l) + " (log to stderr, not stdout)"
}

// Ask sends a request and waits for the move within limit (0: the startup
// limit is the only bound).
func (b *Bot) Ask(ctx context.Context, req *protocol.Request, limit time.Duration) (protocol.Move, error) {
	if f := b.Broken(); f != nil {
		return protocol.Move{}, f
	}
	b.resume()
	defer b.pause()
	if err := b.deliver(req); err != nil {
		return protocol.Move{}, err
	}
	if limit <= 0 {
		limit = b.spec.Startup
	}
	deadline := time.Now().Add(limit)
	what := fmt.Sprintf("a move for request %d", req.ID)
	for {
		raw, f := b.receive(ctx, time.Until(deadline), what)
		if f != nil {
			if f.Kind == referee.FaultTimeout && b.spec.Lenient && ctx.Err() == nil {
				f.Reason = fmt.Sprintf("no %s within %v", what, limit)
				b.late[req.ID] = true
				f.Recoverable = true
				return protocol.Move{}, f
			}
			if f.Kind == referee.FaultTimeout {
				f.Reason = fmt.Sprintf("no %s within %v", what, limit)
			}
			return protocol.Move{}, b.fail(f)
		}
		if b.isLate(raw) {
			continue // the answer to an earlier request that timed out
		}
		var reply protocol.MoveReply
		if err := protocol.Decode(raw, protocol.TypeMove, &reply); err != nil {
			if b.flooding() {
				return protocol.Move{}, b.fail(&referee.Fault{Kind: referee.FaultLimit,
					Reason: fmt.Sprintf("it flooded its output with lines nobody asked for, starting %s", protocol.Quote(raw))})
			}
			f := &referee.Fault{Kind: referee.FaultMalformed, Reason: fmt.Sprintf("bad answer to request %d: %v", req.ID, err)}
			if b.spec.Lenient {
				f.Recoverable = true
				return protocol.Move{}, f
			}
			return protocol.Move{}, b.fail(f)
		}
		if reply.ID != req.ID {
			why := fmt.Sprintf("the answer to request %d carries id %d; echo the request's id", req.ID, reply.ID)
			if b.answered[reply.ID] {
				why = fmt.Sprintf("it answered request %d twice; send exactly one move per request", reply.ID)
			}
			return protocol.Move{}, b.fail(&referee.Fault{Kind: referee.FaultMalformed, Reason: why})
		}
		b.answered[reply.ID] = true
		if f := b.networkBreach(); f != nil {
			return protocol.Move{}, b.fail(f)
		}
		return reply.Move, nil
	}
}

// Close ends the session politely: bye and its input closed; after half
// the grace period SIGTERM, after the other half SIGKILL for whatever is
// left of its process group.
func (b *Bot) Close() {
	b.mu.Lock()
	stopped := b.stopped
	b.mu.Unlock()
	if stopped {
		return
	}
	b.resume()
	if b.Broken() == nil {
		_ = b.send(protocol.Bye{Type: protocol.TypeBye})
	}
	b.stdin.Close()
	select {
	case <-b.exited:
	case <-time.After(b.spec.Grace / 2):
		_ = syscall.Kill(-b.pgid, syscall.SIGTERM)
		select {
		case <-b.exited:
		case <-time.After(b.spec.Grace / 2):
		}
	}
	b.Kill()
	if b.jail != nil {
		b.jail.release()
	}
}

// Kill stops the bot and every process in its group at once. It is safe to
// call more than once.
func (b *Bot) Kill() {
	b.mu.Lock()
	if b.stopped {
		b.mu.Unlock()
		return
	}
	b.stopped = true
	b.mu.Unlock()
	_ = syscall.Kill(-b.pgid, syscall.SIGKILL)
	_ = syscall.Kill(-b.pgid, syscall.SIGCONT) // a paused bot dies at once
	b.stdin.Close()
	// Closing our end of stdout unblocks the reader even if a stray child
	// still holds the other end.
	b.stdout.Close()
	select {
	case <-b.exited:
	case <-time.After(5 * time.Second):
	}
	go func() {
		for range b.lines {
		}
	}()
}

// Pgid is the bot's process group.
func (b *Bot) Pgid() int { return b.pgid }

// Stderr is the tail of the bot's stderr.
func (b *Bot) Stderr() string { return b.stderr.String() }

func sleepBriefly() { time.Sleep(10 * time.Millisecond) }
