/*
 * Kafka test broker for the integration tests: librdkafka's built-in mock cluster.
 *
 *   kafka-mock-broker [brokers] [topic:partitions ...]
 *
 * Starts a mock cluster of `brokers` brokers (default 1), pre-creates each named topic with its
 * partition count, prints the bootstrap address on one line of stdout, and runs until stdin
 * closes (the test that started it exits) or SIGTERM/SIGINT.
 *
 * Lines on stdin take brokers off the network and back, for fault tests: `down <id>` closes the
 * broker's connections and refuses new ones, `up <id>` lets clients in again (id -1: every broker).
 * Each command is answered on stdout with `ok` or `error <reason>`; other lines are ignored.
 */
#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static volatile sig_atomic_t stop = 0;
static void on_signal(int sig) { (void)sig; stop = 1; }

int main(int argc, char **argv) {
  char err[512];
  int brokers = argc > 1 ? atoi(argv[1]) : 1;
  rd_kafka_conf_t *conf = rd_kafka_conf_new();
  rd_kafka_conf_set(conf, "log_level", "3", err, sizeof err);
  rd_kafka_t *rk = rd_kafka_new(RD_KAFKA_PRODUCER, conf, err, sizeof err);
  if (!rk) { fprintf(stderr, "rd_kafka_new: %s\n", err); return 1; }
  rd_kafka_mock_cluster_t *cluster = rd_kafka_mock_cluster_new(rk, brokers < 1 ? 1 : brokers);
  if (!cluster) { fprintf(stderr, "rd_kafka_mock_cluster_new failed\n"); return 1; }
  for (int i = 2; i < argc; i++) {
    char *name = strdup(argv[i]);
    char *colon = strrchr(name, ':');
    int partitions = 1;
    if (colon) { *colon = '\0'; partitions = atoi(colon + 1); }
    if (rd_kafka_mock_topic_create(cluster, name, partitions, 1) != RD_KAFKA_RESP_ERR_NO_ERROR) {
      fprintf(stderr, "could not create topic %s\n", name);
      return 1;
    }
    free(name);
  }
  printf("%s\n", rd_kafka_mock_cluster_bootstraps(cluster));
  fflush(stdout);
  signal(SIGTERM, on_signal);
  signal(SIGINT, on_signal);
  char line[256];
  while (!stop && fgets(line, sizeof line, stdin)) {
    int id;
    rd_kafka_resp_err_t e;
    if (sscanf(line, "down %d", &id) == 1) e = rd_kafka_mock_broker_set_down(cluster, id);
    else if (sscanf(line, "up %d", &id) == 1) e = rd_kafka_mock_broker_set_up(cluster, id);
    else continue;
    if (e == RD_KAFKA_RESP_ERR_NO_ERROR) printf("ok\n");
    else printf("error %s\n", rd_kafka_err2str(e));
    fflush(stdout);
  }
  rd_kafka_mock_cluster_destroy(cluster);
  rd_kafka_destroy(rk);
  return 0;
}
