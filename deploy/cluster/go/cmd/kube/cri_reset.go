package main

import (
	"context"
	"fmt"
	"os"
	"time"

	"go.opentelemetry.io/otel/trace/noop"
	remote "k8s.io/cri-client/pkg"
)

// runCRIReset stops and removes every pod sandbox of the container runtime at the endpoint given
// as its one argument, as `crictl rmp --all --force` does: through the CRI, so the runtime tears
// down each pod's network (CNI DEL) and namespaces itself. The cluster's teardown runs it once the
// kubelet is stopped, so nothing starts the pods again.
func runCRIReset() int {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: kube cri-reset unix:///path/to/containerd.sock")
		return 2
	}
	runtime, err := remote.NewRemoteRuntimeService(os.Args[1], 10*time.Second, noop.NewTracerProvider(), nil)
	if err != nil {
		return fail(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	sandboxes, err := runtime.ListPodSandbox(ctx, nil)
	if err != nil {
		return fail(err)
	}
	failed := 0
	for _, sandbox := range sandboxes {
		name := sandbox.GetMetadata().GetNamespace() + "/" + sandbox.GetMetadata().GetName()
		if err := runtime.StopPodSandbox(ctx, sandbox.GetId()); err != nil {
			fmt.Fprintf(os.Stderr, "stopping %s: %v\n", name, err)
			failed++
			continue
		}
		if err := runtime.RemovePodSandbox(ctx, sandbox.GetId()); err != nil {
			fmt.Fprintf(os.Stderr, "removing %s: %v\n", name, err)
			failed++
		}
	}
	fmt.Printf("removed %d of %d pod sandboxes\n", len(sandboxes)-failed, len(sandboxes))
	if failed > 0 {
		return 1
	}
	return 0
}
