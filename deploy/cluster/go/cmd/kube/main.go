// Command kube is every host-side part of the test cluster in one binary, chosen by its first
// argument (or by the name it is called by): etcd, kube-apiserver, kube-controller-manager,
// kube-scheduler, kubelet, kube-proxy, kubectl and kube-router, and
// cri-reset, which the teardown uses. One binary links once and shares
// its code, which roughly halves a cold build on two cores; each part runs exactly the code of
// its own upstream main.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	_ "time/tzdata" // CronJob time zones (kube-apiserver, kube-controller-manager)

	"github.com/cloudnativelabs/kube-router/v2/pkg/cmd"
	"github.com/cloudnativelabs/kube-router/v2/pkg/options"
	"github.com/spf13/pflag"
	"go.etcd.io/etcd/server/v3/etcdmain"
	_ "k8s.io/client-go/plugin/pkg/client/auth"
	"k8s.io/component-base/cli"
	"k8s.io/component-base/logs"
	_ "k8s.io/component-base/logs/json/register"
	_ "k8s.io/component-base/metrics/prometheus/clientgo"
	_ "k8s.io/component-base/metrics/prometheus/version"
	"k8s.io/klog/v2"
	kubectl "k8s.io/kubectl/pkg/cmd"
	kubectlutil "k8s.io/kubectl/pkg/cmd/util"
	apiserver "k8s.io/kubernetes/cmd/kube-apiserver/app"
	controllermanager "k8s.io/kubernetes/cmd/kube-controller-manager/app"
	proxy "k8s.io/kubernetes/cmd/kube-proxy/app"
	scheduler "k8s.io/kubernetes/cmd/kube-scheduler/app"
	kubelet "k8s.io/kubernetes/cmd/kubelet/app"
)

// Each part gets os.Args as its own main would see them: its name, then its arguments.
var parts = map[string]func() int{
	"etcd":                    func() int { etcdmain.Main(os.Args); return 0 },
	"kube-apiserver":          func() int { return cli.Run(apiserver.NewAPIServerCommand()) },
	"kube-controller-manager": func() int { return cli.Run(controllermanager.NewControllerManagerCommand()) },
	"kube-scheduler":          func() int { return cli.Run(scheduler.NewSchedulerCommand()) },
	"kubelet":                 func() int { return cli.Run(kubelet.NewKubeletCommand(context.Background())) },
	"kube-proxy":              func() int { return cli.Run(proxy.NewProxyCommand()) },
	"kubectl":                 runKubectl,
	"kube-router":             runKubeRouter,
	"cri-reset":               runCRIReset,
}

func main() {
	name := filepath.Base(os.Args[0])
	if _, ok := parts[name]; !ok && len(os.Args) > 1 {
		name = os.Args[1]
		os.Args = os.Args[1:]
	}
	run, ok := parts[name]
	if !ok {
		names := make([]string, 0, len(parts))
		for part := range parts {
			names = append(names, part)
		}
		sort.Strings(names)
		fmt.Fprintf(os.Stderr, "usage: kube PART [ARGS...], PART one of: %s\n", strings.Join(names, ", "))
		os.Exit(2)
	}
	os.Exit(run())
}

// As k8s.io/kubernetes/cmd/kubectl.
func runKubectl() int {
	logs.GlogSetter(kubectl.GetLogVerbosity(os.Args)) //nolint:errcheck
	if err := cli.RunNoErrOutput(kubectl.NewDefaultKubectlCommand()); err != nil {
		kubectlutil.CheckErr(err)
	}
	return 0
}

// As kube-router's cmd/kube-router (a main package, so it cannot be imported), without pprof, and
// with flag sets of its own: Kubernetes' packages register --version and klog's flags globally.
func runKubeRouter() int {
	config := options.NewKubeRouterConfig()
	flags := pflag.NewFlagSet("kube-router", pflag.ExitOnError)
	config.AddFlags(flags)
	if err := flags.Parse(os.Args[1:]); err != nil {
		return fail(err)
	}
	klogFlags := flag.NewFlagSet("klog", flag.ContinueOnError)
	klog.InitFlags(klogFlags)
	if err := klogFlags.Set("logtostderr", "true"); err != nil {
		return fail(err)
	}
	if err := klogFlags.Set("v", config.VLevel); err != nil {
		return fail(err)
	}
	if config.HelpRequested {
		flags.PrintDefaults()
		return 0
	}
	if config.CleanupConfig {
		cmd.CleanupConfigAndExit()
		return 0
	}
	router, err := cmd.NewKubeRouterDefault(config)
	if err != nil {
		return fail(err)
	}
	if err := router.Run(); err != nil {
		return fail(err)
	}
	return 0
}

func fail(err error) int {
	fmt.Fprintln(os.Stderr, err)
	return 1
}
