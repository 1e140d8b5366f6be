package com.plyyard.bench;

import com.plyyard.mapping.GameOperations;
import com.plyyard.mapping.ProtoMapper;
import com.plyyard.proto.v1.ApplyMoveRequest;
import com.plyyard.proto.v1.ApplyMoveResponse;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.GameStatus;
import com.plyyard.proto.v1.LegalMovesRequest;
import com.plyyard.proto.v1.LegalMovesResponse;
import com.plyyard.proto.v1.NewGameRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One ApplyMove as rules-service answers it, without the transport: the request's state read into a position, the move
 * parsed against the legal moves, played, and the new state written back into the proto (issue 32's rules-service CPU
 * per move, whose profile showed this part beside the gRPC call's). The requests are the positions of seeded random
 * games, each with the move played from it, as the lobby's load run sends them.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar RulesApplyBenchmark}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 5)
@Fork(1)
public class RulesApplyBenchmark {
    @Param({"draughts:fmjd", "ploy:3m:2p", "piracy:classic"})
    public String variant;

    private final GameOperations operations = new GameOperations(ProtoMapper.standard());
    private final List<ApplyMoveRequest> requests = new ArrayList<>();
    private int next;

    @Setup
    public void games() {
        SplittableRandom random = new SplittableRandom(32);
        while (requests.size() < 2_000) {
            GameState state = operations.newGame(NewGameRequest.newBuilder().setVariant(variant).build());
            for (int ply = 0; ply < 60 && state.getStatus() != GameStatus.FINISHED; ply++) {
                LegalMovesResponse legal = operations.legalMoves(LegalMovesRequest.newBuilder().setState(state).build());
                if (legal.getMovesCount() == 0) {
                    break;
                }
                String move = legal.getMoves(random.nextInt(legal.getMovesCount())).getNotation();
                ApplyMoveRequest request = ApplyMoveRequest.newBuilder().setState(state).setMove(move).build();
                requests.add(request);
                state = operations.applyMove(request).getState();
            }
        }
    }

    @Benchmark
    public ApplyMoveResponse applyMove() {
        ApplyMoveRequest request = requests.get(next);
        next = next + 1 == requests.size() ? 0 : next + 1;
        return operations.applyMove(request);
    }
}
