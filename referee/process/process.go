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
	Grace      time.Duration // between a polite stop and SIGKILL
	MaxLine    int           // longest line the bot may send
	StderrTail int           // bytes of stderr kept for fault reports
	// Wire, if set, receives every line exchanged: "> " and the line for
	// what the referee sent, "< " and the line for what the bot wrote.
	Wire io.Writer
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
	b := &Bot{spec: spec, lines: make(chan line, 4), exited: make(chan struct{}),
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
	cmd := exec.Command(spec.Argv[0], spec.Argv[1:]...)
	cmd.Dir = spec.Dir
	cmd.Env = append(os.Environ(), spec.Env...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
	cmd.SysProcAttr = sysProcAttr()
	err = cmd.Start()
	inR.Close()
	outW.Close()
	errW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		errR.Close()
		return nil, &referee.Fault{Kind: referee.FaultCrash, Reason: fmt.Sprintf("cannot start %q: %v", strings.Join(spec.Argv, " "), err)}
	}
	b.cmd, b.pgid, b.stdin, b.stdout = cmd, cmd.Process.Pid, inW, outR
	go b.readLines(protocol.NewLineReader(outR, spec.MaxLine))
	go func() {
		_, _ = io.Copy(b.stderr, errR)
		errR.Close()
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
func (b *Bot) fail(f *referee.Fault) *referee.Fault {
	b.Kill()
	f.Stderr = b.stderr.String()
	if f.Exit == "" {
		f.Exit = b.exitStatus()
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
	if err := b.unsolicited(); err != nil {
		return err
	}
	if err := b.send(v); err != nil {
		return b.fail(b.crash("it stopped reading its input"))
	}
	return nil
}

// unsolicited faults the bot if it wrote lines nobody asked for (answering
// a request twice, say).
func (b *Bot) unsolicited() error {
	select {
	case l, ok := <-b.lines:
		if !ok || l.err != nil {
			if l.err != nil && errors.Is(l.err, protocol.ErrLineTooLong) {
				return b.fail(&referee.Fault{Kind: referee.FaultMalformed, Reason: l.err.Error()})
			}
			return b.fail(b.crash("it closed its output"))
		}
		return b.fail(&referee.Fault{Kind: referee.FaultMalformed, Reason: b.explainStray(l.b)})
	default:
		return nil
	}
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
	if err := b.Send(req); err != nil {
		return protocol.Move{}, err
	}
	if limit <= 0 {
		limit = b.spec.Startup
	}
	raw, f := b.receive(ctx, limit, fmt.Sprintf("a move for request %d", req.ID))
	if f != nil {
		return protocol.Move{}, b.fail(f)
	}
	var reply protocol.MoveReply
	if err := protocol.Decode(raw, protocol.TypeMove, &reply); err != nil {
		return protocol.Move{}, b.fail(&referee.Fault{Kind: referee.FaultMalformed, Reason: fmt.Sprintf("bad answer to request %d: %v", req.ID, err)})
	}
	if reply.ID != req.ID {
		why := fmt.Sprintf("the answer to request %d carries id %d; echo the request's id", req.ID, reply.ID)
		if b.answered[reply.ID] {
			why = fmt.Sprintf("it answered request %d twice; send exactly one move per request", reply.ID)
		}
		return protocol.Move{}, b.fail(&referee.Fault{Kind: referee.FaultMalformed, Reason: why})
	}
	b.answered[reply.ID] = true
	return reply.Move, nil
}

// Close ends the session politely: bye, close its input, wait for the
// grace period, then kill whatever is left of its process group.
func (b *Bot) Close() {
	b.mu.Lock()
	stopped := b.stopped
	b.mu.Unlock()
	if stopped {
		return
	}
	if b.Broken() == nil {
		_ = b.send(protocol.Bye{Type: protocol.TypeBye})
	}
	b.stdin.Close()
	select {
	case <-b.exited:
	case <-time.After(b.spec.Grace):
	}
	b.Kill()
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
